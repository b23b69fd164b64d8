export * from './access';
export * from './reference';
export * from './people';
