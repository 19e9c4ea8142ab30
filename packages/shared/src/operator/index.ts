// The operator console: brands, moderation, the audit log.
export * from './operator';
export * from './operator-schemas';
export * from './audit-log';
