/**
 * The campaign form's postback picker: the affiliate's own active postbacks (GET /postbacks/for-assignment; staff name
 * the campaign's affiliate). Postbacks already on the campaign stay listed even when they are no longer active.
 */
import type { PostbackRef } from '@leadgrid/shared/engine/postbacks';
import { Flex, Select, Typography, type SelectProps } from 'antd';
import { SelectNotFound } from '../SelectNotFound';
import { mono } from '../format';
import { usePostbacksForAssignment } from '../../api/postbacks';
import { usePickersT } from './i18n';

export interface PostbackPickerProps extends Omit<SelectProps<number[]>, 'options' | 'mode' | 'loading'> {
  /** the campaign's affiliate (staff); affiliates get their own */
  affiliateId?: number;
  /** staff: the affiliate must be chosen first */
  needAffiliate?: boolean;
  /** the campaign's postbacks as it has them */
  current?: readonly { id: number; title: string; url: string }[];
}

export function PostbackPicker({ affiliateId, needAffiliate = false, current = [], placeholder, ...rest }: PostbackPickerProps) {
  const { t } = usePickersT();
  const list = usePostbacksForAssignment(affiliateId, !needAffiliate);
  const byId = new Map<number, Pick<PostbackRef, 'id' | 'title' | 'url'>>();
  for (const p of [...current, ...(list.data ?? [])]) byId.set(p.id, p);
  return (
    <Select<number[]>
      {...rest}
      mode="multiple"
      allowClear
      loading={list.isFetching}
      disabled={rest.disabled || needAffiliate}
      placeholder={placeholder ?? t('postbacks.placeholder')}
      optionFilterProp="title"
      notFoundContent={
        <SelectNotFound loading={list.isFetching} error={list.error} nothing={t('postbacks.none')} failed={t('postbacks.failed')} />
      }
      options={[...byId.values()].map((p) => ({
        value: p.id,
        title: `${p.title} ${p.url}`,
        label: (
          <Flex vertical style={{ lineHeight: 1.25, minWidth: 0 }}>
            <Typography.Text ellipsis>{p.title || t('postbacks.untitled')}</Typography.Text>
            <Typography.Text type="secondary" ellipsis style={{ ...mono, fontSize: 11 }}>
              {p.url}
            </Typography.Text>
          </Flex>
        ),
      }))}
      labelRender={({ value }) => {
        const p = byId.get(Number(value));
        return p ? p.title || p.url : `#${String(value)}`;
      }}
    />
  );
}
