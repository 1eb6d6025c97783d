// The close review (administrators): what was not seen (adjust to 0 or keep, one by one or all at
// once), what was counted differently (adjusted unless unticked), what was found from elsewhere
// (moved here when ticked), and what moved in the ledger meanwhile (its expected amount is out of
// date). A controlled chemical among the adjustments asks for a second person in the same dialog.
import { Alert, App, Input, Modal, Space, Typography, type FormInstance } from 'antd';
import { Form } from '../app/Form';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../api/client';
import { validated } from '../app/form-errors';
import { useBusyAction } from '../app/use-busy-action';
import type { Stocktake, StocktakeReview } from '../../shared/stocktake';
import { CountedSection, FoundSection, MissingSection, MovedSection } from './ReviewSections';
import { useCloseReview } from './use-close-review';

type Second = { username: string; password: string };

function SecondPersonForm({ form }: { form: FormInstance<Second> }) {
  const { t } = useTranslation();
  return (
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
  );
}

export function CloseDialog({ stocktake, onClose }: { stocktake: Stocktake; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const r = useCloseReview(stocktake.id);
  const { review, missing, keep, move, undecided, needsSecond } = r;
  const [form] = Form.useForm<Second>();

  // Busy from the request on (the second person's check before it is the form's own).
  const [busy, send] = useBusyAction(async (shown: StocktakeReview, second?: Second) => {
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
    let second: Second | undefined;
    if (needsSecond) {
      second = (await validated(form)) ?? undefined;
      if (!second) return;
    }
    await send(review, second);
  };

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
      {r.error && <Alert type="error" showIcon message={r.error} />}
      {review && (
        <Space direction="vertical" style={{ width: '100%' }} data-testid="close-review">
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>{t('stocktake.review.intro')}</Typography.Paragraph>
          {review.missing.length + review.counted.length + review.found.length === 0 && <Alert type="success" message={t('stocktake.review.nothing')} />}
          {review.missing.length > 0 && <MissingSection entries={review.missing} missing={missing} setMissing={r.setMissing} setAll={r.setAll} />}
          {review.counted.length > 0 && <CountedSection entries={review.counted} keep={keep} setKeep={r.setKeep} />}
          {review.found.length > 0 && <FoundSection entries={review.found} path={stocktake.location_path} move={move} setMove={r.setMove} />}
          {review.moved.length > 0 && <MovedSection entries={review.moved} />}
          {undecided > 0 && <Alert type="warning" showIcon message={t('stocktake.review.undecided', { count: undecided })} />}
          {needsSecond && <SecondPersonForm form={form} />}
        </Space>
      )}
    </Modal>
  );
}
