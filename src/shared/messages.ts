// Every sentence a service says to a user: a stable key, its English template (i18next `{{param}}`
// syntax) and the parameters filled in. The English text is rendered here for logs, scripts and
// tests (`message`); the renderer translates the key itself (i18n/messages.*.ts), so the UI never
// parses English. Param names listed in CODE_PARAMS hold codes (statuses, actions, …) the UI shows
// as words of its language.

export const MESSAGES = {
  // sessions, users, access
  'auth.loginRequired': 'Please log in.',
  'auth.wrongPassword': 'Wrong username or password.',
  'auth.deactivated': 'This account has been deactivated. Ask a lab administrator.',
  'auth.publicReadOnly': 'The public account can browse but not change anything. Log in with your own account.',
  'auth.adminOnly': 'Only a lab administrator can do this.',
  'auth.alreadySetUp': 'The lab is already set up: an administrator exists. Log in instead.',
  'auth.usernameTaken': 'The username "{{username}}" is already taken.',
  'auth.noUser': 'User {{id}} does not exist.',
  'auth.notOwnAccount': 'You cannot deactivate or demote your own account.',
  // transports
  'api.unknownOperation': 'Unknown operation "{{name}}".',
  'api.eventsHttpOnly': 'The event stream is served over HTTP only.',
  'api.noRouteAtAll': 'No such route.',
  'api.noRoute': 'No such route: {{method}} {{url}}',
  'api.noFile': 'No such file: {{url}}',
  'api.bodyNotObject': 'The request body must be a JSON object.',
  'api.sendJson': 'Send JSON (Content-Type: application/json).',
  'api.sendBatchJson': 'Send the batch as JSON (Content-Type: application/json).',
  'api.bodyTooLarge': 'The request body is larger than {{bytes}} bytes.',
  'api.batchTooLarge': 'The import batch is larger than {{kb}} KB.',
  'api.malformedBody': 'Malformed request body: {{detail}}',
  'api.unknownFields': 'Unknown field(s): {{fields}}.',
  'api.windowOnly': 'Calls are only accepted from the lab app window.',
  'api.busy': 'The database is busy. Try again in a moment.',
  'api.databaseUnavailable': 'The database server cannot be reached right now; nothing was changed. Try again in a moment.',
  'api.internal': 'Something went wrong in the lab app. The details are in the log; try again.',
  'api.reopening': 'The data directory is being restored or moved. Try again in a moment.',
  'api.movedRestart': 'The data directory was moved to {{path}}. Restart Lab Desktop to continue there.',
  'guard.path': 'Only requests for a path on this server are accepted.',
  'guard.oneHost': 'A request must carry exactly one Host header.',
  'guard.host': 'Host "{{host}}" is not allowed; use http://127.0.0.1:{{port}}.',
  'guard.clientHeader': 'Missing the X-Lab-Client: 1 header required for changes.',
  'guard.origin': 'Requests from {{origin}} are not allowed.',
  // the renderer's own client
  'client.ipcTimeout': 'The lab app did not answer in time.',
  'client.httpTimeout': 'The lab service did not answer in time.',
  'client.unreachable': 'Cannot reach the lab service ({{detail}}).',
  'client.httpStatus': 'The lab service answered {{status}}.',
  'client.aborted': 'The request was cancelled.',
  // input (the whole request)
  'input.invalid': 'Invalid input: {{fields}} — {{first}}',
  // per-field messages (schema issues and the services' own field checks)
  'field.required': 'is required',
  'field.text': 'must be text',
  'field.number': 'must be a number',
  'field.wholeNumber': 'must be a whole number',
  'field.positive': 'must be greater than 0',
  'field.notNegative': 'must not be negative',
  'field.tooLarge': 'is too large',
  'field.boolean': 'must be true or false',
  'field.list': 'must be a list',
  'field.maxChars': 'at most {{max}} characters',
  'field.minChars': 'at least {{min}} characters',
  'field.min': 'must be at least {{min}}',
  'field.moreThan': 'must be greater than {{min}}',
  'field.max': 'must be at most {{max}}',
  'field.lessThan': 'must be less than {{max}}',
  'field.minItems': 'at least {{min}} items',
  'field.maxItems': 'at most {{max}} items',
  'field.oneOf': 'must be one of {{values}}',
  'field.invalidType': 'must be {{expected}}',
  'field.invalid': 'is not valid',
  'field.unknown': 'unknown field',
  'field.port': 'must be 1024–65535',
  'field.keepBackups': 'keep at least 1 backup',
  'field.timeZone': 'is not a known time zone (pick one from the list, e.g. Asia/Shanghai)',
  'field.idChars': 'letters, digits and _.:- only (1–80)',
  'field.batchIdChars': 'letters, digits, _ or - only (8–64)',
  'field.httpUrl': 'must be an http(s) address or empty',
  'field.isoTime': 'must be an ISO 8601 UTC time',
  'field.dateTime': 'must be a date and time (ISO 8601 with offset)',
  'field.afterFrom': 'must be after the start of the period',
  'field.duplicateItemId': 'duplicate item_id',
  'field.batchEmpty': 'the batch has no items',
  'field.sendItems': 'send at least one item',
  'field.username': 'letters, digits, ".", "_" or "-" only',
  'field.noSuchRecord': 'no such record',
  'location.noMatch': 'no location “{{text}}” in the tree: pick one from the tree, or add it on the Locations page first',
  'location.ambiguous': '“{{text}}” matches several locations ({{candidates}}): pick one from the tree',
  'field.alreadyTaken': 'already taken',
  'field.notOnOwnAccount': 'not allowed on your own account',
  'field.notSortable': 'is not a sortable column',
  'field.statusIs': 'is {{status}}',
  'field.alreadySubmitted': 'already submitted',
  'field.json': 'must be JSON',
  'field.object': 'must be an object',
  'field.malformedJson': 'malformed JSON',
  'field.needsConfirmation': 'needs confirmation',
  // stock: ledger actions (helper: ledger)
  'stock.unitNotConvertible': '{{unit}} cannot be converted to {{itemUnit}}',
  'stock.containersOrAmount': 'give either containers or an amount, not both',
  'stock.noContainerSize': 'the item has no container size; give an amount',
  'stock.splitAll': 'must be less than the {{balance}} {{unit}} there is (taking all of it is a move)',

  // stock: locations (helper: locations)
  'field.locationSeparator': 'must not contain "›" (it separates the levels of a path)',
  'field.locationTaken': '"{{path}}" already exists',
  'field.locationOwnSubtree': 'cannot be the location itself or one below it',
  'field.sameLocation': 'the item is already there',
  'locations.noSuch': 'Location {{id}} does not exist.',
  'locations.taken': 'A location "{{path}}" already exists.',
  'locations.ownSubtree': '"{{path}}" cannot be moved under itself or a location below it.',
  'locations.hasItems': '"{{path}}" holds {{count}} item(s) (here and below). Move them elsewhere first.',
  'locations.itemNotPresent': 'Inventory item {{id}} is {{status}}: only items in stock or borrowed can be moved.',

  // controlled chemicals: second person, lists, flagging, ledger (helper: controlled)
  'field.secondPersonRequired': 'a second person must confirm: a controlled chemical',
  'field.secondPersonSelf': 'must be another person than you',
  'field.secondPersonPublic': 'the public account cannot confirm',
  'field.secondPersonWrong': 'wrong username or password',
  'field.secondPersonInactive': 'this account is deactivated',
  'field.purposeRequired': 'is required: say what a controlled chemical is borrowed for',
  'controlled.noCategory': 'Controlled category {{id}} does not exist.',
  'controlled.builtIn': 'The built-in categories cannot be deleted (their lists can be emptied).',
  'controlled.nameTaken': 'another category is already called "{{name}}"',
  'controlled.alreadyListed': '{{cas}} is already on this list',
  'controlled.notListed': '{{cas}} is not on this list',
  'reference.checkDigit': 'check digit should be {{expected}} ({{cas}})',
  'referenceEdition.missingColumns': 'the file lacks the column(s) {{columns}}: a new edition has the shipped file\'s columns',
  'referenceEdition.notCsv': 'the file is not readable CSV (row {{row}})',
  'referenceEdition.empty': 'the file has no rows',
  'referenceEdition.badCas': 'row {{row}}, column {{column}}: "{{value}}" is not a valid CAS number',
  'referenceEdition.badCell': 'row {{row}}, column {{column}}: the value does not fit the list\'s format',
  'referenceEdition.tooLarge': 'the file is larger than {{mb}} MB',
  'referenceEdition.noUpload': 'the uploaded file is no longer here (expired or already read): choose the file again',
  'referenceEdition.noPreview': 'this preview is no longer pending (switched, cancelled or expired): preview again',
  'referenceEdition.stale': 'the list\'s edition changed since this preview: preview again',
  'referenceEdition.notImported': 'this list already uses the shipped edition',
  'referenceEdition.sameFile': 'this file is the edition already in use',
  'controlled.checkDigit': 'check digit should be {{expected}} ({{cas}}); a list takes valid numbers only',
  'controlled.casMissing': 'no CAS number in this row',
  'controlled.noCasColumn': 'No CAS column found: head a column "CAS" (and one "Name"), or put the CAS numbers in the first column.',
  'controlled.editAmount': 'the amount of a controlled chemical changes through Use, Dispose or Adjust (with a second person), not through the form',
  'controlled.dateOrder': 'must not be before the start date',

  // controlled chemicals: review fixes (helper: fixc)
  'controlled.editCas': 'a controlled chemical keeps its CAS number: dispose of it and register it again, or ask an admin to remove the CAS from the controlled list first',
  'controlled.deleteItem': 'Item {{id}} is a controlled chemical and stays in the ledger (台账): dispose of it instead of deleting it.',
  'controlled.importBase64': 'the file content is not valid base64: choose the file again',

  // labels, QR codes and scanning (helper: labels)
  'field.idList': 'a comma-separated list of item ids (1,2,3)',

  // stocktake (helper: stocktake)
  'stocktake.noSuch': 'Stocktake {{id}} does not exist.',
  'stocktake.overlap': 'Stocktake #{{id}} of "{{path}}" is still open and covers this location or part of it. Close or cancel it first.',
  'stocktake.overlapField': 'overlaps the open stocktake #{{id}} of "{{path}}"',
  'stocktake.closed': 'Stocktake #{{id}} is already closed: nothing in it can change. Start a new one.',
  'stocktake.cancelled': 'Stocktake #{{id}} was cancelled: nothing in it can change. Start a new one.',
  'stocktake.notPayload': 'is not a label code (LAB1:<number>); scan the container\'s QR code',
  'stocktake.notOnList': 'is not on this stocktake\'s list; scan it to add it',
  'stocktake.decideMissing': 'decide for every container not seen: adjust to 0 or keep ({{count}} undecided)',
  'stocktake.notAdjustable': 'cannot be adjusted now (borrowed, disposed or deleted): keep it',
  'stocktake.notFoundLine': 'is not a container found here from elsewhere',
  'stocktake.notMovable': 'cannot be moved: it is no longer in stock or borrowed',

  // notifications
  'notifications.noSuch': 'You have no notification {{id}}.',

  // stock: alerts and dashboard (helper: dashboard)

  // stock: item fields, import, stock-in (helper: fields)
  'import.dateWord': 'must be a date such as 2027-03-01, not "{{value}}"',
  'import.monthStart': '"{{value}}" has no day: read as {{date}}, the first day of the month',
  'import.monthEnd': '"{{value}}" has no day: read as {{date}}, the last day of the month',
  'import.shelfLife': 'shelf life "{{value}}" counted from the received date: {{date}}',
  'import.shelfLifeNoStart': 'is a shelf life ("{{value}}"), which needs a received date in the row',
  'import.expiryBeforeReceived': 'expires ({{expiry}}) before it was received ({{received}})',
  'import.approxAmount': '"{{value}}" is approximate: imported as {{amount}}',
  'import.ghsWord': 'must be GHS pictogram codes GHS01–GHS09 (e.g. GHS02,GHS07), not "{{value}}"',
  'import.sizeUnit': '"{{value}}" is not in the item\'s unit {{unit}}',

  // stock (amounts, units, dates)
  'field.date': 'must be a date (YYYY-MM-DD)',
  'field.decimals': 'at most {{max}} decimal places',
  'field.unitMismatch': 'cannot be converted to {{itemUnit}}',
  'field.overBalance': 'more than the {{balance}} {{unit}} left',
  // CAS numbers
  'cas.checkDigit': 'CAS number {{cas}} fails the check digit (expected {{expected}}). Check it, or confirm to keep it as written.',
  'cas.checkDigitField': 'check digit should be {{expected}}; confirm to keep {{cas}}',
  'cas.invalid': '"{{value}}" is not a CAS number ({{reason}}).',
  'cas.invalidField': 'not a CAS number ({{reason}})',
  // records
  'records.noItem': 'Inventory item {{id}} does not exist.',
  'records.noRecord': 'No {{kind}} {{id}}.',
  'records.noReagentOrder': 'Reagent order {{id}} does not exist.',
  'records.noConsumableOrder': 'Consumable order {{id}} does not exist.',
  'records.borrowedByOther': 'Inventory item {{id}} was borrowed by {{name}}; only they or an administrator can return it.',
  'records.notOrderOwner': 'Only {{applicant}} (who ordered it) or an administrator can {{action}} {{kind}} {{id}}.',
  'records.wrongStatus': 'Cannot {{action}} {{kind}} {{id}}: its status is "{{status}}" (needs {{allowed}}).',
  'records.alreadySubmitted': 'This item was already submitted as {{kind}} order #{{id}}.',
  'records.searchField': 'field must be one of {{values}}',
  'records.statusFilter': 'status must be one of {{values}}',
  'records.notSortable': 'sort is not a sortable column',
  'records.exportTooLarge': 'The list has {{total}} rows; narrow it down to at most {{max}} to export.',
  'records.exportFailed': 'The export stopped before it finished ({{detail}}); no file was written.',
  // bulk import
  'import.headerRow': 'Row {{row}} is not one of the first rows of the file; pick the header row among them.',
  'import.locationUndecided': 'Location "{{text}}" matches no location: choose one, or agree to a new location for it.',
  'import.locationGone': 'The location chosen for "{{text}}" no longer exists; choose again.',
  'import.empty': 'The file is empty.',
  'import.tooManyRows': 'The file has {{rows}} rows; at most {{max}} can be imported at once.',
  'import.notXlsx': 'The file is not a readable XLSX workbook ({{detail}}).',
  'import.noWorksheet': 'The workbook has no worksheet.',
  'import.badCsv': 'The CSV file is malformed near row {{row}}: {{detail}}.',
  'import.fileType': 'Only .csv, .tsv and .xlsx files can be imported.',
  'import.mapColumn': 'Map a column of the file to "{{field}}" first.',
  'import.noColumn': 'Column {{column}} mapped to "{{field}}" does not exist in the file.',
  'import.expired': 'This import has expired or was already imported. Choose the file again.',
  'import.uploadComplete': 'This upload is already complete.',
  'import.fileTooLarge': 'The file is larger than {{mb}} MB.',
  'import.uploadIncomplete': 'The file has not been uploaded completely yet.',
  'import.committing': 'This import is already being committed.',
  'import.badRows': '{{bad}} row(s) have errors; nothing was imported. Fix the file, or choose to import only the {{valid}} valid rows.',
  'import.noValidRows': 'No valid rows to import.',
  'import.badRowsField': '{{bad}} bad rows',
  'import.rowField': '{{field}} {{problem}}',
  'import.hazardousWord': 'must be yes/no (是/否), not "{{value}}"',
  'import.hazardousFromGhs': 'says no, but the row has the GHS pictograms {{ghs}}: imported as hazardous',
  'import.tooManyRowsStop': 'The file has more than {{max}} rows; at most {{max}} can be imported at once.',
  'import.fileGone': 'The uploaded file is no longer there (it was removed while the import ran). Choose the file again.',
  'import.spoolDamaged': 'The rows prepared for writing could not be read back ({{detail}}); nothing was imported. Check the file again, then import.',
  'import.spoolShort': 'Only {{written}} of {{total}} rows could be read back for writing; nothing was imported. Try again.',
  'import.failed': 'The import failed: {{detail}}. Nothing was imported.',
  'import.outOfMemory': 'The file needs more memory to read than an import may use (is it a spreadsheet of ordinary rows?). Nothing was imported.',
  'import.tooManyCells': 'The worksheet has more than {{max}} cells (empty cells that are present count too); at most {{max}} can be read. Nothing was imported.',
  'import.rowTooWide': 'A row of the worksheet has more than {{max}} cells, more than a spreadsheet can hold. Nothing was imported.',
  'import.workerStopped': 'The import stopped before it finished (code {{code}}); nothing was imported.',
  'import.addUnit': 'Row {{row}}: {{amount}} {{unit}} cannot be converted to {{itemUnit}}, the unit of item #{{id}} {{name}}, so it cannot be added to it.',
  'import.addDecimals': 'Row {{row}}: {{amount}} {{unit}} in {{itemUnit}} (item #{{id}} {{name}}) needs more than {{max}} decimals, so it cannot be added to it.',
  'import.addControlled': 'Row {{row}}: item #{{id}} {{name}} is a controlled chemical; its amount changes only in the stock dialog with a second person. Import the row as a new item or leave it out.',
  'import.addGone': 'Row {{row}}: item #{{id}} {{name}} is no longer in stock; nothing was imported. Check the file again.',
  // cart import
  'cart.invalidBatch': 'The import batch is not valid: {{fields}} — {{first}}',
  'cart.batchMismatch': 'batch_id mismatch: the page was opened for "{{expected}}" but the batch is "{{actual}}". Import again from the extension.',
  'cart.batchExpired': 'The import batch has expired (older than 2 hours). Import the cart again from the extension.',
  'cart.batchFuture': 'The import batch is dated in the future; check the computer clock.',
  'cart.noBatch': 'No import batch is open (it may have expired). Import the cart again from the extension.',
  'cart.batchReplaced': 'A newer import batch replaced this one; reload the review screen.',
  'cart.noItem': 'Item "{{id}}" is not in the batch.',
  'cart.expiredField': 'expired',
  'cart.futureField': 'in the future',
  'cart.mismatchField': 'does not match the URL',
  'cart.noBatchField': 'no open batch',
  'cart.replacedField': 'is not the current batch',
  'cart.noItemField': 'not in the batch',
  // completion, settings
  'completion.maintenance': 'The lab app is in maintenance mode; settings cannot be changed now.',
  'completion.busy': 'Completion settings are busy. Try again in a moment.',
  'completion.rebuilt': 'The search-completion data was damaged; it is being rebuilt from your records. The damaged file was kept in {{path}}.',
  // data directory: jobs, backup, restore, move
  'data.jobRunning': 'A {{job}} job is already running; wait until it has finished.',
  'data.moved': 'The data directory was moved to {{path}}. Restart Lab Desktop.',
  'data.diskFull': 'The disk holding the data directory {{path}} is full; nothing was saved. Free some space there, then try again.',
  'data.fsTimeout': 'The file work on {{where}} did not finish within {{seconds}} seconds and was stopped; nothing was changed. The disk may have stopped answering (a network or removable drive?): check it, then try again.',
  'data.unexpected': 'The operation failed: {{detail}}',
  'fs.noSpace': 'There is not enough free disk space for {{target}}.',
  'fs.noPermission': 'No permission to write {{target}}. Choose a folder you can write to.',
  'fs.noFolder': 'The folder for {{target}} does not exist.',
  'fs.writeFailed': '{{target}} could not be written: {{detail}}',
  'fs.target.staging': 'a staging copy in {{path}}',
  'fs.target.dataDir': 'the data directory',
  'fs.target.snapshot': 'the backup snapshot',
  'fs.target.backupIn': 'the backup in {{path}}',
  'backup.relativeFolder': 'Give the folder for the backup as a full (absolute) path.',
  'backup.systemFolder': '{{path}} is a system folder ({{roots}}); choose a folder on a disk.',
  'backup.noFolder': 'The folder {{path}} does not exist.',
  'backup.notFolder': '{{path}} is not a folder; choose the folder to save the backup in.',
  'backup.notDataDir': '{{path}} holds no {{file}}: it is not a Lab Desktop data directory.',
  'backup.insideDataDir': '{{path}} is inside the data directory; write backups to its backups/ folder or outside it.',
  'backup.exists': '{{path}} already exists and is not a Lab Desktop backup; choose another file name. Nothing was overwritten.',
  'backup.snapshotFailed': 'The backup snapshot failed: {{detail}}',
  'backup.readBackDiffers': 'The archive just written reads back differently: the disk may be failing.',
  'backup.failed': 'The backup failed: {{detail}}',
  'restore.needsConfirmation': 'Restore not started: {{warnings}} Confirm to restore anyway.',
  'restore.currentDataDir': 'That is the current data directory itself; choose a backup or another folder.',
  'restore.insideDataDir': 'Choose a backup in backups/, in replaced/, or outside the data directory.',
  'restore.swapFailed': 'The restore could not swap the files, so the current data was kept: {{reason}}',
  'restore.openFailed': 'The restored data could not be opened ({{detail}}); the previous data was put back.',
  'restore.notFound': '{{path}} does not exist.',
  'restore.notBackup': '{{path}} is neither a Lab Desktop backup (archive or folder with manifest.json) nor a data directory (with lab.db).',
  'restore.noLabDb': 'The backup holds no {{file}}.',
  'restore.wrongApp': '{{file}} in {{path}} is not a Lab Desktop database (it has no "{{table}}" table): wrong application.',
  'restore.schemaTooNew': 'The backup\'s {{file}} has schema version {{version}}, newer than this app supports ({{latest}}). Install a newer version of Lab Desktop to restore it.',
  'restore.schemaMismatch': '{{file}} has schema version {{version}} but the manifest says {{manifest}}: the backup is inconsistent.',
  'restore.countMismatch': '{{file}} holds {{rows}} rows in {{table}} but the manifest says {{manifest}}: the backup is inconsistent.',
  'restore.completionDamaged': 'The search-completion data in the backup is damaged ({{detail}}); search memory starts empty and the completion index is rebuilt.',
  'restore.copyCompletionDamaged': 'The search-completion data in the copy is damaged ({{detail}}); search memory starts empty and the completion index is rebuilt.',
  'restore.foreignFile': 'The backup names a file a backup never holds: {{file}}.',
  'restore.missingFile': 'The backup folder is missing {{file}}, which its manifest lists.',
  'restore.checksum': '{{file}} in the backup folder does not match its checksum: the backup is damaged.',
  'restore.runningApp': '{{path}} belongs to a running Lab Desktop (pid {{pid}}, {{lock}} is held), or is a plain copy taken from one while it was running. Such a copy may be inconsistent. Make a backup in the running app instead (Settings → Data → Back up now, or npm run backup) and restore that.',
  'restore.uncleanCopy': 'This folder was not closed cleanly (a write-ahead log or a stale instance.lock is present): it was copied after a crash, or while the app was running. Every transaction committed in the copy was recovered and the integrity check passed; if the copy was taken while the app was running, its last changes may be missing — a backup is the safe way to move data.',
  'restore.copyDamaged': '{{file}} in the copied folder cannot be opened or is damaged ({{detail}}). If it was copied while Lab Desktop was running, make a backup in the app instead.',
  'restore.impossibleSize': 'The backup lists an impossible size for {{file}}.',
  'restore.tooLarge': 'The backup would expand to {{total}} (logs: {{logs}}); a restore takes at most {{max}} in all and {{maxLogs}} of logs. Nothing was changed.',
  'restore.symlink': '{{file}} in the backup is a symbolic link; a backup never holds links. Nothing was changed.',
  'restore.manifestJson': 'The backup\'s manifest.json is not valid JSON: the file is damaged.',
  'restore.otherProgram': 'This is not a Lab Desktop backup (it was written by "{{app}}").',
  'restore.manifestIncomplete': 'The backup\'s manifest.json is incomplete ({{path}}): the file is damaged.',
  'restore.newerFormat': 'This backup was written by a newer Lab Desktop ({{version}}, backup format {{format}}). Install that version or newer to restore it.',
  'restore.entryTooLarge': '{{file}} in the archive is implausibly large.',
  'restore.noManifest': 'The archive has no manifest.json: it is not a Lab Desktop backup, or it is damaged.',
  'restore.notZip': '{{file}} is not a readable zip archive ({{detail}}). The file may be truncated or damaged.',
  'restore.archiveDamaged': 'The archive is damaged ({{detail}}).',
  'restore.archiveForeignFile': 'The archive names a file a backup never holds: {{file}}.',
  'restore.archiveMissingFile': 'The archive is missing {{file}}, which its manifest lists: the file is incomplete.',
  'restore.archiveSymlink': '{{file}} in the archive is a symbolic link; a backup never holds links. Nothing was changed.',
  'restore.archiveSize': '{{file}} in the archive does not have the size its manifest lists: the archive is damaged.',
  'restore.archiveUnsafePath': 'The archive names an unsafe path: {{file}}.',
  'restore.archiveUnreadable': '{{file}} in the archive cannot be read ({{detail}}): the archive is damaged.',
  'restore.archiveChecksum': '{{file}} in the archive does not match its checksum: the archive is damaged.',
  'restore.integrity': '{{file}} failed the integrity check: {{detail}}.',
  'restore.notDatabase': '{{file}} cannot be read as a database: {{detail}}.',
  'move.relativePath': 'Give the new location as a full (absolute) path.',
  'move.systemFolder': '{{path}} is a system folder ({{roots}}); choose a folder on a disk.',
  'move.intoSystemFolder': '{{path}} leads into a system folder ({{real}}); choose a folder on a disk.',
  'move.overlaps': 'The new location must be outside the current data directory (and not contain it).',
  'move.underFile': '{{path}} is a file, not a folder; choose a folder for the new location.',
  'move.notEmpty': '{{path}} already exists and is not an empty folder. Choose a new or empty folder.',
  'move.copyDiffers': 'The copy of {{file}} does not hold the same rows as the original; nothing was switched.',
  'move.copyIncomplete': 'The copy of {{file}} is incomplete; nothing was switched.',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** A parameter: plain text or a number, a nested message, or a list of either. */
export type ParamValue = string | number | Message | readonly ParamValue[];
export type MessageParams = Record<string, ParamValue>;

/** One user-facing message: what the UI translates (`key`, `params`) and its English text. */
export interface Message {
  key: MessageKey;
  params: MessageParams;
  message: string;
}

/**
 * Params whose values are codes, by param name → the code table the UI words them from
 * (`codes.<table>.<code>` in the renderer). English `message` keeps the codes as they are.
 */
export const CODE_PARAMS = {
  status: 'status',
  allowed: 'status',
  action: 'action',
  kind: 'kind',
  job: 'job',
  field: 'field',
  fields: 'field',
  values: 'value',
  expected: 'type',
  reason: 'casReason',
} as const;
export type CodeTable = (typeof CODE_PARAMS)[keyof typeof CODE_PARAMS];


export function isMessageKey(v: unknown): v is MessageKey {
  return typeof v === 'string' && Object.hasOwn(MESSAGES, v);
}

export function isMessage(v: unknown): v is Message {
  return typeof v === 'object' && v !== null && isMessageKey((v as Message).key) && typeof (v as Message).message === 'string';
}

/** English words of the codes whose raw form would read badly in an English sentence. */
export const EN_CODE_WORDS: Partial<Record<CodeTable, Record<string, string>>> = {
  kind: { inventory_item: 'inventory item', reagent_order: 'reagent order', consumable_order: 'consumable order', reagent: 'reagent', consumable: 'consumable' },
  action: { stock_in: 'stock in' },
  casReason: { form: 'not in the form NNNNNNN-NN-N', leading_zero: 'leading zero', length: 'wrong length' },
};

function paramText(v: ParamValue, table?: CodeTable): string {
  if (Array.isArray(v)) return (v as readonly ParamValue[]).map((x) => paramText(x, table)).join(', ');
  if (typeof v === 'object') return (v as Message).message;
  const s = String(v);
  return (table && EN_CODE_WORDS[table]?.[s]) ?? s;
}

/** The English text of a key with its params filled in. */
export function renderMessage(key: MessageKey, params: MessageParams = {}): string {
  return MESSAGES[key].replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? paramText(params[name]!, (CODE_PARAMS as Record<string, CodeTable>)[name]) : whole,
  );
}

export function msg(key: MessageKey, params: MessageParams = {}): Message {
  return { key, params, message: renderMessage(key, params) };
}

/** The `{{param}}` names a template uses. */
export function templateParams(template: string): string[] {
  return [...template.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!);
}
