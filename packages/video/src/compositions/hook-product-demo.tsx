import { AbsoluteFill, Sequence, interpolate, spring, useCurrentFrame, useVideoConfig } from 'remotion';
import { ClipFill, GradientFill, useBackdrop, type ClipVolume } from '../components/background.tsx';
import { BrandFont, BrandLogo, useFontStack, useTextArea } from '../components/brand.tsx';
import { EndCard } from '../components/end-card.tsx';
import { MusicTrack, VoiceTrack } from '../components/sound.tsx';
import { hookProductDemoCaptionPages, type CaptionPage } from '../caption-pages.ts';
import { duckGain, speechSpans } from '../ducking.ts';
import { CAPTION_ENTRANCE, SCENE_ZOOM } from '../layers.ts';
import { placementOf } from '../placement.ts';
import { TextBlock } from '../components/text-block.tsx';
import { captionRing } from '../caption-pill.ts';
import { useFontsReady } from '../components/fonts-ready.ts';
import { FALLBACK_FONTS, FPS, hookProductDemoSegments, hookProductDemoSpeechStart, type HookProductDemoProps, type MediaSource, type TextStyle } from '../schemas.ts';

function Placeholder({ label, hue }: { label: string; hue: number }) {
  return (
    <AbsoluteFill>
      <GradientFill hue={hue} />
      <AbsoluteFill style={{ alignItems: 'center', justifyContent: 'center' }}>
        <div style={{ fontFamily: `Inter, ${FALLBACK_FONTS}`, fontSize: 44, color: 'rgba(255,255,255,0.55)', fontWeight: 700 }}>{label}</div>
      </AbsoluteFill>
    </AbsoluteFill>
  );
}

function Scene({ source, text, props, placeholder, hue, volume }: { source: MediaSource | null; text: string; props: HookProductDemoProps; placeholder: string; hue: number; volume?: ClipVolume }) {
  const frame = useCurrentFrame();
  // a slow push-in keeps a still demo alive
  const zoom = interpolate(frame, [0, SCENE_ZOOM.over], [1, SCENE_ZOOM.to], { extrapolateRight: 'clamp' });
  return (
    <AbsoluteFill style={{ backgroundColor: useBackdrop() }}>
      <AbsoluteFill style={{ transform: `scale(${zoom})` }}>
        {source ? <ClipFill source={source} loop={false} muted={false} volume={volume} placement={placementOf(props.style)} /> : <Placeholder label={placeholder} hue={hue} />}
      </AbsoluteFill>
      {text ? (
        <>
          <AbsoluteFill style={{ background: 'linear-gradient(180deg, rgba(0,0,0,0.45) 0%, rgba(0,0,0,0) 38%)' }} />
          <TextBlock text={text} style={props.style} aspect={props.aspect} frame={frame} position="top" heightShare={0.45} />
        </>
      ) : null}
    </AbsoluteFill>
  );
}

function CaptionBar({ text, props }: { text: string; props: HookProductDemoProps }) {
  const frame = useCurrentFrame();
  const { fps } = useVideoConfig();
  const area = useTextArea(props.aspect);
  // settled on the entrance's last frame, as the plan holds it (the spring itself reaches 1 a frame later)
  const t = frame - CAPTION_ENTRANCE.delay >= CAPTION_ENTRANCE.frames ? 1 : spring({ frame: frame - CAPTION_ENTRANCE.delay, fps, config: { damping: 14 }, durationInFrames: CAPTION_ENTRANCE.frames });
  const fontSize = Math.round(props.style.fontSize * 0.62);
  const fontFamily = useFontStack(props.style);
  useFontsReady(`800 ${fontSize}px ${fontFamily}`, text);
  // over bars of its own colour the pill would vanish: a ring of the opposite lightness then
  const ring = captionRing(props.brandColor, props.style);
  return (
    <AbsoluteFill style={{ justifyContent: 'flex-end', paddingLeft: area.left, paddingRight: area.right, paddingBottom: area.bottom }}>
      <div
        dir="auto"
        style={{
          alignSelf: 'center',
          maxWidth: '100%',
          backgroundColor: props.brandColor,
          color: '#fff',
          fontFamily,
          fontWeight: 800,
          fontSize,
          lineHeight: 1.2,
          padding: '0.45em 0.9em',
          borderRadius: 22,
          textAlign: 'center',
          boxShadow: ring ? `0 0 0 4px ${ring}, 0 12px 40px rgba(0,0,0,0.35)` : '0 12px 40px rgba(0,0,0,0.35)',
          transform: `translateY(${(1 - t) * 140}%)`,
          opacity: t,
          overflowWrap: 'anywhere',
          unicodeBidi: 'plaintext',
        }}
      >
        {text}
      </div>
    </AbsoluteFill>
  );
}

/** Captions are drawn in the text style, smaller, without its entrance: the words' own timing is their animation. */
export const CAPTION_TEXT_SCALE = 0.9;
function captionTextStyle(style: TextStyle): TextStyle {
  return { ...style, fontSize: Math.round(style.fontSize * CAPTION_TEXT_SCALE), animation: 'none', highlightWords: [] };
}

/** The page of captions showing at this frame (caption-pages.ts), in the middle of the frame, below the scene's text. */
const CAPTION_DROP = 0.1;
function CaptionPages({ pages, props }: { pages: CaptionPage[]; props: HookProductDemoProps }) {
  const frame = useCurrentFrame();
  const { height } = useVideoConfig();
  const page = pages.find((p) => frame >= p.from && frame < p.to);
  if (!page || !props.captions) return null;
  return (
    // centred a tenth of the frame below the middle: clear of the scene's text above and the caption bar below
    <AbsoluteFill style={{ transform: `translateY(${Math.round(height * CAPTION_DROP)}px)` }}>
      <TextBlock text={page.text} style={captionTextStyle(props.style)} aspect={props.aspect} frame={frame} position="center" heightShare={0.3} captions={{ style: props.captions.style, words: page.words }} />
    </AbsoluteFill>
  );
}

/**
 * A hook clip that stops the scroll, the product demo, a caption bar over both, then an end card.
 * A voice-over reads from the demo's start (or the hook's), the clips' own sound lowered under it,
 * its words (and the hook's own, when known) captioned a page at a time; a music track under all.
 */
export function HookProductDemo(props: HookProductDemoProps) {
  const s = hookProductDemoSegments(props);
  const voiceFrom = hookProductDemoSpeechStart(props);
  const spans = props.speech ? speechSpans(props.speech.words, voiceFrom / FPS) : [];
  const ducked = (sceneFrom: number): ClipVolume | undefined => (spans.length ? (frame) => duckGain(spans, (sceneFrom + frame) / FPS) : undefined);
  const pages = hookProductDemoCaptionPages(props);
  return (
    <BrandFont brand={props.brand} aspect={props.aspect}>
      <HookProductDemoScenes props={props} s={s} voiceFrom={voiceFrom} spans={spans} ducked={ducked} pages={pages} />
    </BrandFont>
  );
}

function HookProductDemoScenes({
  props,
  s,
  voiceFrom,
  spans,
  ducked,
  pages,
}: {
  props: HookProductDemoProps;
  s: ReturnType<typeof hookProductDemoSegments>;
  voiceFrom: number;
  spans: [number, number][];
  ducked: (sceneFrom: number) => ClipVolume | undefined;
  pages: CaptionPage[];
}) {
  return (
    <AbsoluteFill style={{ backgroundColor: useBackdrop() }}>
      <Sequence from={0} durationInFrames={s.hook} layout="none">
        <Scene source={props.hook} text={props.hookText} props={props} placeholder="Your hook clip" hue={330} volume={ducked(0)} />
      </Sequence>
      <Sequence from={s.hook} durationInFrames={s.demo} layout="none">
        <Scene source={props.demo} text={props.demoText} props={props} placeholder="Your product demo" hue={200} volume={ducked(s.hook)} />
      </Sequence>
      <VoiceTrack speech={props.speech} from={voiceFrom} />
      <MusicTrack music={props.music} spans={spans} />
      {pages.length ? <CaptionPages pages={pages} props={props} /> : null}
      {/* the kit's logo over the scenes; the end card shows it whole */}
      <Sequence from={0} durationInFrames={s.hook + s.demo} layout="none">
        <BrandLogo brand={props.brand} aspect={props.aspect} />
      </Sequence>
      {props.captionText ? (
        <Sequence from={0} durationInFrames={s.hook + s.demo} layout="none">
          <CaptionBar text={props.captionText} props={props} />
        </Sequence>
      ) : null}
      {s.end > 0 ? (
        <Sequence from={s.hook + s.demo} durationInFrames={s.end} layout="none">
          <EndCard card={{ headline: props.productName, cta: props.endCardText, url: props.endCardUrl, color: props.brandColor }} aspect={props.aspect} style={props.style} brand={props.brand} />
        </Sequence>
      ) : null}
    </AbsoluteFill>
  );
}
