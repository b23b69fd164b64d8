/** The buttons of a list of form rows (parameters, mappings, headers, rules): remove a row, add one below the rows. */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';

export function RemoveRowButton({ label, onClick, testId }: { label: string; onClick: () => void; testId?: string }) {
  return (
    <Tooltip title={label}>
      <Button type="text" danger icon={<DeleteOutlined />} aria-label={label} onClick={onClick} data-testid={testId} />
    </Tooltip>
  );
}

export function AddRowButton({ onClick, testId, children }: { onClick: () => void; testId?: string; children: ReactNode }) {
  return (
    <Button type="dashed" icon={<PlusOutlined />} onClick={onClick} style={{ alignSelf: 'flex-start' }} data-testid={testId}>
      {children}
    </Button>
  );
}
