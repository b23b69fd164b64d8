import { useEffect } from 'react';
import { useSystemName } from '../api/settings';

/** Product §1: the page title is '<section> - <system name>', the product title when settings are missing. */
export function useDocumentTitle(section: string | null | undefined) {
  const name = useSystemName();
  useEffect(() => {
    document.title = section ? `${section} - ${name}` : name;
  }, [section, name]);
}
