import { Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

/** Three tabs (docs/ui.md, Shell; the original listed Account and Subscription and left Team out of the list). */
export const SETTINGS_TABS = [
  { value: 'account', label: 'Account' },
  { value: 'subscription', label: 'Subscription' },
  { value: 'team', label: 'Team' },
] as const;
type SettingsTab = (typeof SETTINGS_TABS)[number]['value'];

/** The selected tab comes from the path and defaults to account. */
export function tabFromPath(path: string): SettingsTab {
  const segment = path.split('/').filter(Boolean)[1];
  return SETTINGS_TABS.some((t) => t.value === segment) ? (segment as SettingsTab) : 'account';
}

export function SettingsLayout() {
  const navigate = useNavigate();
  const path = useRouterState({ select: (s) => s.location.pathname });
  const selected = tabFromPath(path);
  return (
    <div className="grid grid-cols-1 gap-6">
      <h1 className="text-2xl font-semibold tracking-tight">Settings</h1>
      <Tabs value={selected} onValueChange={(tab) => void navigate({ to: `/settings/${tab}` as '/settings/account' })} activationMode="manual">
        <TabsList aria-label="Settings sections">
          {SETTINGS_TABS.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value={selected} className="mt-6 outline-none">
          <Outlet />
        </TabsContent>
      </Tabs>
    </div>
  );
}
