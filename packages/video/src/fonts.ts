// The brand fonts travel inside the bundle (no font CDN at render time), so renders work offline
// and look the same on every machine. Scripts these fonts lack fall back to Noto (FALLBACK_FONTS).
import '@fontsource/montserrat/400.css';
import '@fontsource/montserrat/700.css';
import '@fontsource/montserrat/800.css';
import '@fontsource/montserrat/900.css';
import '@fontsource/inter/400.css';
import '@fontsource/inter/700.css';
import '@fontsource/inter/800.css';
import '@fontsource/anton/400.css';
import '@fontsource/bebas-neue/400.css';
import '@fontsource/poppins/400.css';
import '@fontsource/poppins/700.css';
import '@fontsource/poppins/800.css';
import '@fontsource/playfair-display/400.css';
import '@fontsource/playfair-display/700.css';

export const FONTS_LOADED = true;
