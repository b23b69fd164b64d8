/** The contacts list of the profile: up to 20 of the five contact types, each checked by the shared rule of its type. */
import { ContactsField } from '../../../components/person/ContactsField';
import { useProfileT } from './i18n';

export type { ContactType } from '../../../components/person/ContactsList';

/** the person forms' contacts field in the profile's words and wider layout */
export function ContactsEditor() {
  const { t } = useProfileT();
  return <ContactsField texts={{ t, prefix: 'about.contacts' }} roomy />;
}
