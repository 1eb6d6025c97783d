import type { ReactNode } from 'react';
import { Space } from 'antd';

/** The panel's column: sections nest one inside another with the same gap, so they read as one list. */
export function Stack({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid={testId}>
      {children}
    </Space>
  );
}
