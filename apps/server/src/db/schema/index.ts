export * from './accounts';
export * from './access';
export * from './reference';
export * from './people';
export * from './sell-side';
export * from './offers';
export * from './traffic';
export * from './exports';
