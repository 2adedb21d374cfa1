// What other features use of the templates: saving a builder's setup, the picker that applies one,
// the home page's list, and the kit and composition helpers the builders map their state with.
export { SaveTemplateButton } from './save-template-dialog';
export { TemplatePicker } from './template-picker';
export { TemplatesSection } from './templates-section';
export { COMPOSITION_LABELS, kitChoiceOf, templateKitId, templateTarget, wholeStyle, type TemplateComposition, type TemplateOf, type TemplateSetup } from './template-setup';
export { useVideoTemplates } from './use-templates';
