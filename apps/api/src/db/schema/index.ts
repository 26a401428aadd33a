export * from './business';
export * from './outbox';
export * from './tenants';
export * from './users';
export * from './access';
export * from './customers';
export * from './settings';
export * from './sales';
