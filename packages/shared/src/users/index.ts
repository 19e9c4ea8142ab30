// Users and signing in: profiles, addresses, passwords, tokens.
export * from './users';
export * from './auth';
