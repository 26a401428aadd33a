export * from './business';
export * from './outbox';
export * from './tenants';
export * from './users';
