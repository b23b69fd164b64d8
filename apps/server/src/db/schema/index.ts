export * from './access';
export * from './reference';
