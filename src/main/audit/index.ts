// The audit room (README.md): the audit log every room writes in its own units of work
// (`recordAudit`, audit-log.ts), each record's history (`readHistory`), and the admin list over it
// (audit-query.ts). It holds no state: its functions take the open unit's stores.
export { readHistory, recordAudit } from './audit-log';
export { searchAudit } from './audit-query';
