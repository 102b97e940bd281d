/** The HTTP contract's shapes shared by the server's route schemas and the client's calls. */
export * from './errors';
export * from './table';
export * from './calendar';
export * from './push';
export * from './billing';
export * from './mail';
export * from './admin';
export * from './audit';
export * from './paypal';
export * from './partner';
export * from './statements';
export * from './photos';
