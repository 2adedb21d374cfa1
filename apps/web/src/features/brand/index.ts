/** The brand feature's public entry: what other features and routes may use. */
export { BrandPage } from './brand-page';
export { KitPicker } from './kit-picker';
export { chosenKit, DEFAULT_KIT, kitEndCard, kitRequest, kitStylePatch, NO_KIT, useBrandKits, useKitBrand, type KitChoice } from './kit-look';
