/** The primary "create" button of a list page's header and of its empty state, and that empty state. */
import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';

export function CreateButton({ onClick, children, testId }: { onClick: () => void; children: ReactNode; testId?: string }) {
  return (
    <Button type="primary" icon={<PlusOutlined />} onClick={onClick} data-testid={testId}>
      {children}
    </Button>
  );
}

/** a list's empty state: its words and, for a user who may create, the create button */
export const emptyState = (title: ReactNode, description: ReactNode, create?: { label: ReactNode; onClick: () => void }) => ({
  title,
  description,
  action: create ? <CreateButton onClick={create.onClick}>{create.label}</CreateButton> : undefined,
});
