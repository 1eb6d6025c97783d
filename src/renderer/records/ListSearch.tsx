// The search box of every list page: a field selector (`all` + the endpoint's indexed fields of
// spec 000) and the text input. Enter or the search button submits (the list then sends
// `submitted: true`, which search memory records). Kept self-contained so the completion
// feature can put its ghost-text input here. A scanned container label (`LAB1:<id>` + Enter) is
// not a search: it opens that item (labels/scan.ts) and leaves the box empty, unlearnt.
import { memo } from 'react';
import { App, Button, Select, Space } from 'antd';
import { useNavigate } from 'react-router-dom';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LISTS, type ListEndpoint } from '../../shared/records';
import { GhostTextInput } from '../completion/GhostTextInput';
import { parseLabelPayload } from '../../shared/label-payload';
import { openScannedItem } from '../labels/scan';

export interface ListSearchProps {
  endpoint: ListEndpoint;
  field: string;
  onFieldChange: (field: string) => void;
  value: string;
  onChange: (value: string) => void;
  onSubmit: (value: string) => void;
}

export function ListSearch({ endpoint, field, onFieldChange, value, onChange, onSubmit }: ListSearchProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const submit = (text: string) => {
    const id = parseLabelPayload(text);
    if (id === null) return onSubmit(text);
    onChange('');
    void openScannedItem(id, navigate, t).then((err) => {
      if (err) void message.error(err);
    });
  };
  return (
    <Space.Compact style={{ width: 460 }}>
      <FieldSelect endpoint={endpoint} value={field} onChange={onFieldChange} />
      <GhostTextInput
        inlineCompletionEndpoint={endpoint}
        enableInlineCompletion
        searchField={field}
        aria-label={t('records.search.placeholder')}
        data-testid="list-search"
        placeholder={t('records.search.placeholder')}
        value={value}
        allowClear
        onChange={onChange}
        onSubmit={submit}
      />
      <Button icon={<SearchOutlined />} aria-label={t('records.search.submit')} onClick={() => submit(value)} />
    </Space.Compact>
  );
}

/** The field selector; memoized: a keystroke in the box does not change it. */
const FieldSelect = memo(function FieldSelect({ endpoint, value, onChange }: { endpoint: ListEndpoint; value: string; onChange: (field: string) => void }) {
  const { t } = useTranslation();
  const fields = ['all', ...LISTS[endpoint].indexed];
  return (
    <Select
      aria-label={t('records.search.field')}
      data-testid="search-field"
      value={value}
      onChange={onChange}
      options={fields.map((f) => ({ value: f, label: t(`records.field.${f}`) }))}
      style={{ width: 150 }}
    />
  );
});
