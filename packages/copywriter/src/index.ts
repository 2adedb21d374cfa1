export * from './types.ts';
export { LANGUAGES, detectLanguage, type Language } from './language.ts';
export { createTemplateCopywriter, draftTexts } from './template-copywriter.ts';
export { createOpenAiCopywriter, ANSWER_SCHEMA } from './openai-copywriter.ts';
export { parseProductContext, readProduct, type Product } from './product-context.ts';
export { checkText, checkBatch, openingOf, MAX_WORDS, MAX_COPIED_RUN, OPENING_WINDOW, type QualityReport } from './quality.ts';
export { shapeOf, shapeDistance, repeatsExample, type Shape } from './shape.ts';
