// Every font travels inside the bundle (no font CDN at render time, no font looked up in the
// system), so renders work offline and look the same on every machine: the brand fonts, and Noto
// for what they lack (FALLBACK_FONTS): accents, Cyrillic and Greek, Arabic, Hebrew, Chinese,
// Japanese and colour emoji. The Noto faces are variable (one file for every weight) and split by
// unicode-range, so a page loads only the pieces its text uses.
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
import '@fontsource-variable/noto-sans/wght.css';
import '@fontsource-variable/noto-sans-arabic/wght.css';
import '@fontsource-variable/noto-sans-hebrew/wght.css';
import '@fontsource-variable/noto-sans-sc/wght.css';
import '@fontsource-variable/noto-sans-jp/wght.css';
import '@infolektuell/noto-color-emoji/index.css';

export const FONTS_LOADED = true;
