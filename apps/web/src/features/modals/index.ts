/** The modal root's public entry. */
export { ModalRoot } from './modal-root';
