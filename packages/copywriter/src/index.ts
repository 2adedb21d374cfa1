export * from './types.ts';
export { createTemplateCopywriter } from './template-copywriter.ts';
export { createOpenAiCopywriter } from './openai-copywriter.ts';
export { parseProductContext } from './product-context.ts';
