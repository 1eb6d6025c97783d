// The close review (administrators): what was not seen (adjust to 0 or keep, one by one or all at
// once), what was counted differently (adjusted unless unticked), what was found from elsewhere
// (moved here when ticked), and what moved in the ledger meanwhile (its expected amount is out of
// date). A controlled chemical among the adjustments asks for a second person in the same dialog.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, App, Button, Checkbox, Input, Modal, Radio, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { Form } from '../app/Form';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../api/client';
import { validated } from '../app/form-errors';
import { useBusyAction } from '../app/use-busy-action';
import { amountText } from '../records/item-display';
import { toDecimal, toNumber } from '../../shared/amounts';
import type { ReviewEntry, Stocktake, StocktakeReview } from '../../shared/stocktake';

type MissingAction = 'zero' | 'keep';

export function CloseDialog({ stocktake, onClose }: { stocktake: Stocktake; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [review, setReview] = useState<StocktakeReview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState<Record<number, MissingAction>>({});
  const [keep, setKeep] = useState<Set<number>>(new Set());
  const [move, setMove] = useState<Set<number>>(new Set());
  const [form] = Form.useForm<{ username: string; password: string }>();

  useEffect(() => {
    call('reviewStocktake', { id: stocktake.id }).then(
      (r) => {
        setReview(r);
        // Containers that cannot be adjusted (borrowed, gone) can only be kept.
        setMissing(Object.fromEntries(r.missing.filter((e) => !e.adjustable).map((e) => [e.item_id, 'keep' as const])));
        setKeep(new Set(r.counted.filter((e) => !e.adjustable).map((e) => e.item_id)));
      },
      (e: Error) => setError(e.message),
    );
  }, [stocktake.id]);

  const undecided = review ? review.missing.filter((e) => !missing[e.item_id]).length : 0;
  const needsSecond = useMemo(() => {
    if (!review) return false;
    const zeroed = review.missing.some((e) => e.controlled && missing[e.item_id] === 'zero' && (e.balance ?? 0) !== 0);
    return zeroed || review.counted.some((e) => e.controlled && e.adjustable && !keep.has(e.item_id));
  }, [review, missing, keep]);

  const toggle = (set: Set<number>, id: number, on: boolean) => {
    const next = new Set(set);
    if (on) next.add(id);
    else next.delete(id);
    return next;
  };
  const setAll = (action: MissingAction) => setMissing(Object.fromEntries(review!.missing.map((e) => [e.item_id, e.adjustable ? action : 'keep'])));

  // Busy from the request on (the second person's check before it is the form's own).
  const [busy, send] = useBusyAction(async (shown: StocktakeReview, second?: { username: string; password: string }) => {
    try {
      await call('closeStocktake', {
        id: stocktake.id,
        missing: shown.missing.map((e) => ({ item_id: e.item_id, action: missing[e.item_id]! })),
        keep: [...keep],
        move: [...move],
        ...(second ? { second_person: second } : {}),
      });
      message.success(t('stocktake.review.closed', { id: stocktake.id }));
      onClose();
    } catch (e) {
      const fields = e instanceof ApiError ? e.fields : undefined;
      const personal = fields && Object.entries(fields).filter(([k]) => k.startsWith('second_person.'));
      if (personal?.length) form.setFields(personal.map(([k, msg]) => ({ name: k.slice('second_person.'.length) as 'username' | 'password', errors: [msg] })));
      else message.error(e instanceof ApiError && fields ? Object.values(fields).join('; ') : (e as Error).message);
    }
  });
  const submit = async () => {
    if (!review) return;
    let second: { username: string; password: string } | undefined;
    if (needsSecond) {
      second = (await validated(form)) ?? undefined;
      if (!second) return;
    }
    await send(review, second);
  };

  const name = (e: ReviewEntry) => (
    <Space size={4} wrap>
      <span>#{e.item_id} {e.name ?? '—'}</span>
      {e.cas_number && <Typography.Text type="secondary">{e.cas_number}</Typography.Text>}
      {e.controlled && <Tag color="red">{t('stocktake.review.controlled')}</Tag>}
      {e.moved && <Tag color="purple">{t('stocktake.line.moved')}</Tag>}
    </Space>
  );
  // A count with uses (or returns) recorded after it: closing sets the count plus those.
  const adjustText = (e: ReviewEntry) => {
    const amount = amountText(e.target, e.unit ?? '');
    if (e.since === null) return t('stocktake.review.adjustTo', { amount });
    const change = amountText(toNumber(toDecimal(e.since).abs()), e.unit ?? '');
    return t(e.since < 0 ? 'stocktake.review.adjustToUsed' : 'stocktake.review.adjustToAdded', { counted: amountText(e.counted, e.unit ?? ''), change, amount });
  };
  const balance = (e: ReviewEntry) => t('stocktake.review.balance', { amount: amountText(e.balance, e.unit ?? '') });

  return (
    <Modal
      open
      width={860}
      title={t('stocktake.review.title', { id: stocktake.id })}
      onCancel={onClose}
      cancelText={t('records.action.cancel')}
      okText={t('stocktake.review.confirm')}
      onOk={() => void submit()}
      okButtonProps={{ disabled: !review || undecided > 0, danger: true }}
      confirmLoading={busy}
      destroyOnHidden
    >
      {error && <Alert type="error" showIcon message={error} />}
      {review && (
        <Space direction="vertical" style={{ width: '100%' }} data-testid="close-review">
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>{t('stocktake.review.intro')}</Typography.Paragraph>
          {review.missing.length + review.counted.length + review.found.length === 0 && <Alert type="success" message={t('stocktake.review.nothing')} />}
          {review.missing.length > 0 && (
            <ReviewSection
              testid="review-missing"
              title={t('stocktake.review.missing', { count: review.missing.length })}
              hint={
                <Space wrap>
                  <Typography.Text type="secondary">{t('stocktake.review.missingHint')}</Typography.Text>
                  <Button size="small" onClick={() => setAll('zero')}>{t('stocktake.review.allZero')}</Button>
                  <Button size="small" onClick={() => setAll('keep')}>{t('stocktake.review.allKeep')}</Button>
                </Space>
              }
              entries={review.missing}
              columns={[
                { key: 'name', render: (_, e) => name(e) },
                { key: 'where', render: (_, e) => e.location_path },
                { key: 'balance', render: (_, e) => balance(e) },
                {
                  key: 'action',
                  render: (_, e) =>
                    e.adjustable ? (
                      <Radio.Group value={missing[e.item_id]} onChange={(ev) => setMissing({ ...missing, [e.item_id]: ev.target.value as MissingAction })} data-testid={`missing-${e.item_id}`}>
                        <Radio value="zero">{t('stocktake.review.zero')}</Radio>
                        <Radio value="keep">{t('stocktake.review.keep')}</Radio>
                      </Radio.Group>
                    ) : (
                      <Typography.Text type="secondary">{t('stocktake.review.keep')} · {t('stocktake.review.notAdjustable')}</Typography.Text>
                    ),
                },
              ]}
            />
          )}
          {review.counted.length > 0 && (
            <ReviewSection
              testid="review-counted"
              title={t('stocktake.review.counted', { count: review.counted.length })}
              hint={<Typography.Text type="secondary">{t('stocktake.review.countedHint')}</Typography.Text>}
              entries={review.counted}
              columns={[
                { key: 'name', render: (_, e) => name(e) },
                { key: 'balance', render: (_, e) => balance(e) },
                {
                  key: 'action',
                  render: (_, e) => (
                    <Checkbox disabled={!e.adjustable} checked={e.adjustable && !keep.has(e.item_id)} onChange={(ev) => setKeep(toggle(keep, e.item_id, !ev.target.checked))}>
                      {e.adjustable ? adjustText(e) : t('stocktake.review.notAdjustable')}
                    </Checkbox>
                  ),
                },
              ]}
            />
          )}
          {review.found.length > 0 && (
            <ReviewSection
              testid="review-found"
              title={t('stocktake.review.found', { count: review.found.length })}
              hint={<Typography.Text type="secondary">{t('stocktake.review.foundHint', { path: stocktake.location_path })}</Typography.Text>}
              entries={review.found}
              columns={[
                { key: 'name', render: (_, e) => name(e) },
                { key: 'where', render: (_, e) => e.storage_location ?? e.location_path },
                {
                  key: 'action',
                  render: (_, e) => (
                    <Checkbox disabled={!e.movable} checked={move.has(e.item_id)} onChange={(ev) => setMove(toggle(move, e.item_id, ev.target.checked))}>
                      {t('stocktake.review.moveHere')}
                    </Checkbox>
                  ),
                },
              ]}
            />
          )}
          {review.moved.length > 0 && (
            <ReviewSection
              testid="review-moved"
              title={t('stocktake.review.moved', { count: review.moved.length })}
              hint={<Typography.Text type="secondary">{t('stocktake.review.movedHint')}</Typography.Text>}
              entries={review.moved}
              columns={[
                { key: 'name', render: (_, e) => name(e) },
                { key: 'amounts', render: (_, e) => t('stocktake.review.expectedWas', { amount: amountText(e.expected_amount, e.unit ?? ''), now: amountText(e.balance, e.unit ?? '') }) },
              ]}
            />
          )}
          {undecided > 0 && <Alert type="warning" showIcon message={t('stocktake.review.undecided', { count: undecided })} />}
          {needsSecond && (
            <Form form={form} layout="vertical" data-testid="second-person">
              <Alert type="warning" showIcon message={t('stocktake.review.secondPerson')} style={{ marginBottom: 8 }} />
              <Space wrap>
                <Form.Item name="username" label={t('stocktake.review.username')} rules={[{ required: true, message: t('stocktake.review.username') }]}>
                  <Input autoComplete="off" data-testid="second-username" />
                </Form.Item>
                <Form.Item name="password" label={t('stocktake.review.password')} rules={[{ required: true, message: t('stocktake.review.password') }]}>
                  <Input.Password autoComplete="new-password" data-testid="second-password" />
                </Form.Item>
              </Space>
            </Form>
          )}
        </Space>
      )}
    </Modal>
  );
}

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
