export * from './articles';
export * from './deadlines';
export * from './ics';
