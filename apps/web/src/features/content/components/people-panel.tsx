import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../ui/avatar.tsx';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';

interface Person {
  id: number;
  fullname: string;
  avatar: string | null;
}

/** Members as a list, each opening their profile (and closing the panel it sits in). */
export function PeopleList({ people, size, onPick }: { people: Person[]; size: number; onPick: () => void }) {
  return (
    <ul className="likes-list">
      {people.map((u) => (
        <li key={u.id}>
          <Link to={`/user/${u.id}`} onClick={onPick}>
            <Avatar src={u.avatar} name={u.fullname} size={size} />
            <span>{u.fullname}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The related-users panel (who liked, who voted): a dialog with a Close button. */
export function PeoplePanel({
  open,
  title,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onClose}
      actions={
        <Button variant="secondary" onClick={onClose}>
          {t('common.actions.close')}
        </Button>
      }
    >
      {children}
    </Dialog>
  );
}
