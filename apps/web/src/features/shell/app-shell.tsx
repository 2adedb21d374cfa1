import { Link, useRouterState } from '@tanstack/react-router';
import { Clapperboard, FileText, Film, Home, LogOut, Menu, Music, Palette, Settings, Sparkles, Trophy, Video } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useAppSelector } from '@/app/hooks';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { useLogout } from '@/features/session';
import { SidebarCredits } from '@/features/subscription';
import { absoluteMediaUrl, cn, initialsOf, PRODUCT_NAME } from '@/lib/utils';
import { TeamSwitcher } from './team-switcher';

const NAV_ITEMS = [
  { to: '/', label: 'Home', icon: Home, exact: true },
  { to: '/videos', label: 'Videos', icon: Video },
  { to: '/product-demos', label: 'Product demos', icon: Film },
  { to: '/music', label: 'Music', icon: Music },
  { to: '/context', label: 'Context', icon: FileText },
  { to: '/brand', label: 'Brand', icon: Palette },
  { to: '/insights', label: 'Insights', icon: Trophy },
] as const;

function NavLink({ to, label, icon: Icon, exact, onNavigate }: { to: string; label: string; icon: typeof Home; exact?: boolean; onNavigate?: () => void }) {
  const path = useRouterState({ select: (s) => s.location.pathname });
  const isActive = exact ? path === to : path === to || path.startsWith(`${to}/`);
  return (
    <Link
      to={to}
      onClick={onNavigate}
      aria-current={isActive ? 'page' : undefined}
      className={cn(
        'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground',
        isActive && 'bg-accent text-accent-foreground',
      )}
    >
      <Icon className="size-4" aria-hidden />
      {label}
    </Link>
  );
}

function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  const currentTeam = useAppSelector((s) => s.ui.currentTeam);
  return (
    <div className="flex h-full flex-col gap-4 p-3">
      <TeamSwitcher />
      <nav aria-label="Main" className="grid gap-1">
        {NAV_ITEMS.map((item) => (
          <NavLink key={item.to} {...item} onNavigate={onNavigate} />
        ))}
      </nav>
      <Button asChild className="justify-start gap-3">
        <Link to="/create/text-wall" onClick={onNavigate}>
          <Sparkles aria-hidden /> Create text walls
        </Link>
      </Button>
      <div className="mt-auto grid gap-1">
        <NavLink to="/settings" label="Settings" icon={Settings} onNavigate={onNavigate} />
        <SidebarCredits onNavigate={onNavigate} />
        {currentTeam && !currentTeam.has_active_subscription && (
          <Link to="/settings/subscription" onClick={onNavigate} className="mx-1 my-1 rounded-md border border-dashed px-3 py-2 text-xs text-muted-foreground hover:bg-accent">
            <span className="font-medium text-foreground">No active subscription.</span> Subscribe to make videos.
          </Link>
        )}
        {currentTeam?.has_active_subscription && (
          <div className="px-3 py-1">
            <Badge variant="success">Subscribed</Badge>
          </div>
        )}
        <UserMenu />
      </div>
    </div>
  );
}

function UserMenu() {
  const user = useAppSelector((s) => s.session.user);
  const logout = useLogout();
  if (!user) return null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button type="button" className="flex w-full items-center gap-3 rounded-md p-2 text-left hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none cursor-pointer">
          <Avatar aria-hidden>
            <AvatarImage src={absoluteMediaUrl(user.avatar_url)} alt="" />
            <AvatarFallback>{initialsOf(user.get_display_name || user.email)}</AvatarFallback>
          </Avatar>
          <span className="grid min-w-0 flex-1 leading-tight">
            <span className="truncate text-sm font-medium">{user.get_display_name}</span>
            <span className="truncate text-xs text-muted-foreground">{user.email}</span>
          </span>
          <span className="sr-only">User menu</span>
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" side="top" className="w-60">
        <DropdownMenuLabel className="truncate">{user.email}</DropdownMenuLabel>
        <DropdownMenuItem asChild>
          <Link to="/settings/account">
            <Settings /> Account settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void logout()}>
          <LogOut /> Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The shell (docs/ui.md, Shell): a left sidebar, a slide-over sheet under 768 px. */
export function AppShell({ children }: { children: ReactNode }) {
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  return (
    <div className="flex min-h-dvh bg-background">
      {/* the column carries the border and background the full page height; the sidebar itself stays in view */}
      <div className="hidden w-64 shrink-0 border-r bg-sidebar md:block">
        <aside className="sticky top-0 h-dvh" aria-label="Sidebar">
          <SidebarContent />
        </aside>
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur md:hidden">
          <Button variant="ghost" size="icon" aria-label="Open menu" onClick={() => setIsMenuOpen(true)}>
            <Menu className="size-5" />
          </Button>
          <Link to="/" className="flex items-center gap-2 font-semibold">
            <span className="flex size-7 items-center justify-center rounded-md bg-primary text-primary-foreground">
              <Clapperboard className="size-4" aria-hidden />
            </span>
            {PRODUCT_NAME}
          </Link>
        </header>
        <Sheet open={isMenuOpen} onOpenChange={setIsMenuOpen}>
          <SheetContent>
            <SheetTitle className="sr-only">Menu</SheetTitle>
            <SheetDescription className="sr-only">Navigate {PRODUCT_NAME}</SheetDescription>
            {/* room for the sheet's close button above the team switcher */}
            <div className="h-full pt-9">
              <SidebarContent onNavigate={() => setIsMenuOpen(false)} />
            </div>
          </SheetContent>
        </Sheet>
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          {children}
        </main>
      </div>
    </div>
  );
}
