/** Template sends: the variables a template needs, the checks of a send's values, and what is sent. */
export * from './send-variables';
export { checkSendParameters } from './send-parameter-checks';
export { renderText, sendComponents } from './template-send';
