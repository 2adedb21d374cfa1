import { createContext, useContext, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { AbsoluteFill, continueRender, delayRender, Img, interpolate, useCurrentFrame, useVideoConfig } from 'remotion';
import { LOGO_ENTRANCE, logoBox } from '../layers.ts';
import { FALLBACK_FONTS, safeArea, type Aspect, type Brand, type TextStyle } from '../schemas.ts';

/**
 * A brand kit in a composition: its uploaded font (loaded into this page as a FontFace, never into
 * the system) is the first family of every text, and its logo sits in its corner of the safe area.
 * The same components draw the preview, the full render and the fast path's overlay.
 */


/** The brand font's CSS family (null: none), and the room the logo takes at the top or bottom of the safe area. */
const BrandFontContext = createContext<{ family: string | null; reserve: { top: number; bottom: number } }>({ family: null, reserve: { top: 0, bottom: 0 } });

/** Space left between the logo and text below (or above) it. */
const LOGO_GAP = 24;

/** A CSS family name of our own for a font file (several kits' fonts can share a page: the /brand previews). */
function familyFor(url: string): string {
  let hash = 2166136261;
  for (let i = 0; i < url.length; i++) hash = Math.imul(hash ^ url.charCodeAt(i), 16777619);
  return `hw-brand-${(hash >>> 0).toString(36)}`;
}

const loaded = new Map<string, Promise<void>>();

/** Loads the brand's font (once per page) and holds the frame until it is there; its texts then use it. */
export function BrandFont({ brand, aspect, children }: { brand: Brand | null; aspect: Aspect; children: ReactNode }) {
  const { width, height } = useVideoConfig();
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
  // texts keep clear of the logo: the band of the safe area it sits in is left to it
  const box = brand ? logoBox(brand, aspect, width, height) : null;
  const edge = box && brand ? (brand.logoPosition.startsWith('top') ? 'top' : 'bottom') : null;
  const reserveTop = edge === 'top' && box ? box.height + LOGO_GAP : 0;
  const reserveBottom = edge === 'bottom' && box ? box.height + LOGO_GAP : 0;
  const value = useMemo(() => ({ family, reserve: { top: reserveTop, bottom: reserveBottom } }), [family, reserveTop, reserveBottom]);
  return <BrandFontContext.Provider value={value}>{children}</BrandFontContext.Provider>;
}

/** The safe area of an aspect less the band the brand's logo takes (texts are laid out in it). */
export function useTextArea(aspect: Aspect): ReturnType<typeof safeArea> {
  const { reserve } = useContext(BrandFontContext);
  const area = safeArea(aspect);
  return { ...area, top: area.top + reserve.top, bottom: area.bottom + reserve.bottom, height: area.height - reserve.top - reserve.bottom };
}

/** The CSS font stack of a style: the brand's font first when there is one. */
export function useFontStack(style: Pick<TextStyle, 'fontFamily'>): string {
  const { family } = useContext(BrandFontContext);
  return `${family ? `"${family}", ` : ''}"${style.fontFamily}", ${FALLBACK_FONTS}`;
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
