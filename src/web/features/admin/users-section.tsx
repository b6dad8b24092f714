import type { AdminUser, AdminUserList } from '../../../common/admin';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { formatDate, formatLastActive, userLabel } from './admin-format';
import { formatStorage, usedPercent } from '@/lib/storage-format';
import { UserActions } from './user-actions';

function StatusBadges({ user }: { user: AdminUser }) {
  return (
    <div className="flex flex-wrap gap-1">
      {user.disabledAt ? (
        <Badge variant="destructive">Disabled</Badge>
      ) : (
        <Badge variant="outline">Active</Badge>
      )}
      {user.role === 'admin' && <Badge variant="secondary">Admin</Badge>}
      {user.reviewer && <Badge variant="secondary">Reviewer</Badge>}
    </div>
  );
}

function Storage({ user }: { user: AdminUser }) {
  const share = usedPercent(user.storageUsedBytes, user.quotaBytes);
  return (
    <div className="grid min-w-32 gap-1">
      <span className="text-sm tabular-nums">
        {formatStorage(user.storageUsedBytes)} of {formatStorage(user.quotaBytes)}
        {user.storageQuotaMb !== null && <span className="text-muted-foreground"> (own)</span>}
      </span>
      <div
        className="h-1.5 overflow-hidden rounded-full bg-muted"
        role="meter"
        aria-label={`Storage of ${userLabel(user)}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={share}
      >
        <div
          className={cn('h-full rounded-full', share >= 90 ? 'bg-destructive' : 'bg-primary')}
          style={{ width: `${share}%` }}
        />
      </div>
    </div>
  );
}

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString()} ${count === 1 ? one : many}`;

/** The users: a table on wide screens, a card each on phones. */
export function UsersSection({ list, selfId }: { list: AdminUserList; selfId: string }) {
  const actions = (user: AdminUser) => (
    <UserActions user={user} isSelf={user.id === selfId} defaultQuotaMb={list.defaultQuotaMb} />
  );
  const name = (user: AdminUser) => (
    <div className="min-w-0">
      <div className="truncate font-medium">
        {userLabel(user)}
        {user.id === selfId && <span className="font-normal text-muted-foreground"> (you)</span>}
      </div>
      {user.email && userLabel(user) !== user.email && (
        <div className="truncate text-sm text-muted-foreground">{user.email}</div>
      )}
    </div>
  );

  return (
    <>
      <table className="hidden w-full text-left text-sm md:table">
        <thead className="border-b text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              User
            </th>
            <th scope="col" className="py-2 pr-4 text-right font-medium">
              Logs
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Storage
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Last active
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Status
            </th>
            <th scope="col" className="py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {list.items.map((user) => (
            <tr key={user.id} className="border-b last:border-0">
              <td className="max-w-72 py-3 pr-4">{name(user)}</td>
              <td className="py-3 pr-4 text-right tabular-nums">{user.logs.toLocaleString()}</td>
              <td className="py-3 pr-4">
                <Storage user={user} />
              </td>
              <td className="py-3 pr-4" title={`Joined ${formatDate(user.createdAt)}`}>
                {formatLastActive(user.lastActiveAt)}
              </td>
              <td className="py-3 pr-4">
                <StatusBadges user={user} />
              </td>
              <td className="py-3 text-right">{actions(user)}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <ul className="grid grid-cols-1 gap-3 md:hidden">
        {list.items.map((user) => (
          <li key={user.id} className="grid grid-cols-1 gap-3 rounded-lg border p-4">
            <div className="flex items-start justify-between gap-2">
              {name(user)}
              {actions(user)}
            </div>
            <StatusBadges user={user} />
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              <div>
                <dt className="text-muted-foreground">Logs</dt>
                <dd className="tabular-nums">{plural(user.logs, 'log', 'logs')}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Last active</dt>
                <dd>{formatLastActive(user.lastActiveAt)}</dd>
              </div>
              <div className="col-span-2">
                <dt className="text-muted-foreground">Storage</dt>
                <dd>
                  <Storage user={user} />
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
