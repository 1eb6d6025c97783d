// A file chooser that speaks the UI's language: the browser's own <input type="file"> shows
// "Choose File / No file chosen" in the browser's locale, whatever language the app is in. The
// input stays in the page (hidden) so a test can still hand it a file by its test id.
import { useRef } from 'react';
import { Button } from 'antd';
import { UploadOutlined } from '@ant-design/icons';

export function FilePickButton({ label, accept, disabled, testId, onFile }: { label: string; accept: string; disabled?: boolean; testId: string; onFile: (file: File) => void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button icon={<UploadOutlined />} disabled={disabled} onClick={() => input.current?.click()}>
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        disabled={disabled}
        data-testid={testId}
        onChange={(e) => {
          const f = e.target.files?.[0];
          // Cleared so choosing the same file again (after fixing it) is a change too.
          e.target.value = '';
          if (f) onFile(f);
        }}
      />
    </>
  );
}

/** The accepted spreadsheet files of every import. */
export const SPREADSHEET_FILES = '.csv,.tsv,.xlsx';
