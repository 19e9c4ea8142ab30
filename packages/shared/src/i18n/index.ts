export * from './locales';
export * from './msg';
export * from './translator';
export * from './format';
export * from './locale-choice';
export * from './message-arguments';
