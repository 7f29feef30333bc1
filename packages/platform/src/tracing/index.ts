export { flushTracing } from './flush';
export { consumeSpan, inTraceOf, REQUEST_ID_ATTRIBUTE, tagActiveSpan, traceHeaders } from './propagation';
