export * from './bulk';
export * from './selection';
