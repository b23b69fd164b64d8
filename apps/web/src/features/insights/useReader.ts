/** Who reads the statistics: staff see every dimension and metric; affiliates and advertiser members get less (the server decides, the screens follow). */
import { useSession } from '../../app/session';
import type { Reader } from './model';

export function useReader(): Reader {
  const { access } = useSession();
  if (access?.roleType === 'affiliate') return 'affiliate';
  if (access?.roleType === 'advertiser_member') return 'advertiser_member';
  return 'staff';
}
