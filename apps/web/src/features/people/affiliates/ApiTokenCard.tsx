/** The affiliate's lead API token on its page, shown to staff who may edit the affiliate. */
import type { AffiliateDetail } from '@leadgrid/shared/people/people';
import { useRegenerateAffiliateToken } from '../../../api/affiliates';
import { TokenCard, type TokenTexts } from '../../../components/TokenCard';
import { useAffiliatesT } from './i18n';

export function ApiTokenCard({ affiliate, canWrite }: { affiliate: AffiliateDetail; canWrite: boolean }) {
  const { t } = useAffiliatesT();
  const regenerate = useRegenerateAffiliateToken(affiliate.id);
  const keys = [
    'title',
    'text',
    'show',
    'hide',
    'regenerate',
    'issue',
    'none',
    'confirmTitle',
    'confirmText',
    'issueTitle',
    'issueText',
  ] as const;
  const texts = {
    ...(Object.fromEntries(keys.map((k) => [k, t(`token.${k}`)])) as Omit<TokenTexts, 'cancel'>),
    cancel: t('actions.cancel'),
  };
  return (
    <TokenCard
      token={affiliate.apiToken}
      canWrite={canWrite}
      regenerate={() => regenerate.mutateAsync()}
      pending={regenerate.isPending}
      texts={texts}
      testId="affiliate-token-card"
      valueTestId="affiliate-token-value"
    />
  );
}
