// The close review's four parts, each a heading with its count, a hint and one row per container:
// missing (adjust to 0 or keep), counted differently (adjusted unless unticked), found from
// elsewhere (moved here when ticked), moved in the ledger meanwhile (expected amount out of date).
import type { ReactNode } from 'react';
import { Button, Checkbox, Radio, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { amountText } from '../records/item-display';
import { toDecimal, toNumber } from '../../shared/amounts';
import type { ReviewEntry } from '../../shared/stocktake';
import { toggled, type MissingAction } from './use-close-review';

/** One part of the review: a heading with its count, a hint, and the entries. */
function ReviewSection({ testid, title, hint, entries, columns }: { testid: string; title: ReactNode; hint: ReactNode; entries: ReviewEntry[]; columns: TableColumnsType<ReviewEntry> }) {
  return (
    <section data-testid={testid}>
      <Typography.Title level={5}>{title}</Typography.Title>
      {hint}
      <Table<ReviewEntry> size="small" rowKey="item_id" pagination={{ pageSize: 10, hideOnSinglePage: true }} showHeader={false} dataSource={entries} columns={columns} />
    </section>
  );
}

function EntryName({ e }: { e: ReviewEntry }) {
  const { t } = useTranslation();
  return (
    <Space size={4} wrap>
      <span>#{e.item_id} {e.name ?? '—'}</span>
      {e.cas_number && <Typography.Text type="secondary">{e.cas_number}</Typography.Text>}
      {e.controlled && <Tag color="red">{t('stocktake.review.controlled')}</Tag>}
      {e.moved && <Tag color="purple">{t('stocktake.line.moved')}</Tag>}
    </Space>
  );
}

const nameColumn = { key: 'name', render: (_: unknown, e: ReviewEntry) => <EntryName e={e} /> };
const balance = (t: TFunction, e: ReviewEntry) => t('stocktake.review.balance', { amount: amountText(e.balance, e.unit ?? '') });

// A count with uses (or returns) recorded after it: closing sets the count plus those.
function adjustText(t: TFunction, e: ReviewEntry) {
  const amount = amountText(e.target, e.unit ?? '');
  if (e.since === null) return t('stocktake.review.adjustTo', { amount });
  const change = amountText(toNumber(toDecimal(e.since).abs()), e.unit ?? '');
  return t(e.since < 0 ? 'stocktake.review.adjustToUsed' : 'stocktake.review.adjustToAdded', { counted: amountText(e.counted, e.unit ?? ''), change, amount });
}

type MissingProps = { entries: ReviewEntry[]; missing: Record<number, MissingAction>; setMissing: (m: Record<number, MissingAction>) => void; setAll: (a: MissingAction) => void };

export function MissingSection({ entries, missing, setMissing, setAll }: MissingProps) {
  const { t } = useTranslation();
  const hint = (
    <Space wrap>
      <Typography.Text type="secondary">{t('stocktake.review.missingHint')}</Typography.Text>
      <Button size="small" onClick={() => setAll('zero')}>{t('stocktake.review.allZero')}</Button>
      <Button size="small" onClick={() => setAll('keep')}>{t('stocktake.review.allKeep')}</Button>
    </Space>
  );
  const action = (e: ReviewEntry) =>
    e.adjustable ? (
      <Radio.Group value={missing[e.item_id]} onChange={(ev) => setMissing({ ...missing, [e.item_id]: ev.target.value as MissingAction })} data-testid={`missing-${e.item_id}`}>
        <Radio value="zero">{t('stocktake.review.zero')}</Radio>
        <Radio value="keep">{t('stocktake.review.keep')}</Radio>
      </Radio.Group>
    ) : (
      <Typography.Text type="secondary">{t('stocktake.review.keep')} · {t('stocktake.review.notAdjustable')}</Typography.Text>
    );
  const columns: TableColumnsType<ReviewEntry> = [nameColumn, { key: 'where', render: (_, e) => e.location_path }, { key: 'balance', render: (_, e) => balance(t, e) }, { key: 'action', render: (_, e) => action(e) }];
  return <ReviewSection testid="review-missing" title={t('stocktake.review.missing', { count: entries.length })} hint={hint} entries={entries} columns={columns} />;
}

export function CountedSection({ entries, keep, setKeep }: { entries: ReviewEntry[]; keep: Set<number>; setKeep: (s: Set<number>) => void }) {
  const { t } = useTranslation();
  const action = (e: ReviewEntry) => (
    <Checkbox disabled={!e.adjustable} checked={e.adjustable && !keep.has(e.item_id)} onChange={(ev) => setKeep(toggled(keep, e.item_id, !ev.target.checked))}>
      {e.adjustable ? adjustText(t, e) : t('stocktake.review.notAdjustable')}
    </Checkbox>
  );
  const columns: TableColumnsType<ReviewEntry> = [nameColumn, { key: 'balance', render: (_, e) => balance(t, e) }, { key: 'action', render: (_, e) => action(e) }];
  return <ReviewSection testid="review-counted" title={t('stocktake.review.counted', { count: entries.length })} hint={<Typography.Text type="secondary">{t('stocktake.review.countedHint')}</Typography.Text>} entries={entries} columns={columns} />;
}

export function FoundSection({ entries, path, move, setMove }: { entries: ReviewEntry[]; path: string; move: Set<number>; setMove: (s: Set<number>) => void }) {
  const { t } = useTranslation();
  const action = (e: ReviewEntry) => (
    <Checkbox disabled={!e.movable} checked={move.has(e.item_id)} onChange={(ev) => setMove(toggled(move, e.item_id, ev.target.checked))}>
      {t('stocktake.review.moveHere')}
    </Checkbox>
  );
  const columns: TableColumnsType<ReviewEntry> = [nameColumn, { key: 'where', render: (_, e) => e.storage_location ?? e.location_path }, { key: 'action', render: (_, e) => action(e) }];
  return <ReviewSection testid="review-found" title={t('stocktake.review.found', { count: entries.length })} hint={<Typography.Text type="secondary">{t('stocktake.review.foundHint', { path })}</Typography.Text>} entries={entries} columns={columns} />;
}

export function MovedSection({ entries }: { entries: ReviewEntry[] }) {
  const { t } = useTranslation();
  const amounts = (e: ReviewEntry) => t('stocktake.review.expectedWas', { amount: amountText(e.expected_amount, e.unit ?? ''), now: amountText(e.balance, e.unit ?? '') });
  const columns: TableColumnsType<ReviewEntry> = [nameColumn, { key: 'amounts', render: (_, e) => amounts(e) }];
  return <ReviewSection testid="review-moved" title={t('stocktake.review.moved', { count: entries.length })} hint={<Typography.Text type="secondary">{t('stocktake.review.movedHint')}</Typography.Text>} entries={entries} columns={columns} />;
}
