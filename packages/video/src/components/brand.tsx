import { createContext, useContext, useLayoutEffect, useState, type ReactNode } from 'react';
import { AbsoluteFill, continueRender, delayRender, Img, interpolate, useCurrentFrame, useVideoConfig } from 'remotion';
import { LOGO_ENTRANCE, logoBox } from '../layers.ts';
import { FALLBACK_FONTS, type Aspect, type Brand, type TextStyle } from '../schemas.ts';

/**
 * A brand kit in a composition: its uploaded font (loaded into this page as a FontFace, never into
 * the system) is the first family of every text, and its logo sits in its corner of the safe area.
 * The same components draw the preview, the full render and the fast path's overlay.
 */


const BrandFontContext = createContext<string | null>(null);

/** A CSS family name of our own for a font file (several kits' fonts can share a page: the /brand previews). */
function familyFor(url: string): string {
  let hash = 2166136261;
  for (let i = 0; i < url.length; i++) hash = Math.imul(hash ^ url.charCodeAt(i), 16777619);
  return `hw-brand-${(hash >>> 0).toString(36)}`;
}

const loaded = new Map<string, Promise<void>>();

/** Loads the brand's font (once per page) and holds the frame until it is there; its texts then use it. */
export function BrandFont({ brand, children }: { brand: Brand | null; children: ReactNode }) {
  const url = brand?.font?.url ?? null;
  const family = url ? familyFor(url) : null;
  const [handle] = useState(() => (url ? delayRender(`Loading the brand font ${brand?.font?.family ?? ''}`) : null));
  useLayoutEffect(() => {
    if (!url || !family || handle === null) return;
    let isDone = false;
    const finish = () => {
      if (!isDone) {
        isDone = true;
        continueRender(handle);
      }
    };
    if (typeof document === 'undefined' || typeof FontFace === 'undefined') {
      finish();
      return finish;
    }
    let loading = loaded.get(url);
    if (!loading) {
      const face = new FontFace(family, `url(${JSON.stringify(url)})`);
      // a font that cannot be read leaves the built-in family in place rather than failing the video
      loading = face.load().then((f) => void document.fonts.add(f), () => undefined);
      loaded.set(url, loading);
    }
    void loading.then(finish, finish);
    return finish;
  }, [url, family, handle]);
  return <BrandFontContext.Provider value={family}>{children}</BrandFontContext.Provider>;
}

/** The CSS font stack of a style: the brand's font first when there is one. */
export function useFontStack(style: Pick<TextStyle, 'fontFamily'>): string {
  const brand = useContext(BrandFontContext);
  return `${brand ? `"${brand}", ` : ''}"${style.fontFamily}", ${FALLBACK_FONTS}`;
}

/** The kit's logo in its corner, faded in over LOGO_ENTRANCE frames. */
export function BrandLogo({ brand, aspect }: { brand: Brand | null; aspect: Aspect }) {
  const frame = useCurrentFrame();
  const { width, height } = useVideoConfig();
  const box = brand ? logoBox(brand, aspect, width, height) : null;
  if (!brand?.logo || !box) return null;
  const opacity = interpolate(frame, [0, LOGO_ENTRANCE], [0, 1], { extrapolateLeft: 'clamp', extrapolateRight: 'clamp' });
  return (
    <AbsoluteFill style={{ pointerEvents: 'none' }}>
      <Img src={brand.logo.url} alt="" style={{ position: 'absolute', ...box, objectFit: 'contain', opacity }} />
    </AbsoluteFill>
  );
}
