import type { ReactNode } from 'react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { CreateProductContextForm } from '@/features/context';
import { SubscriptionRequiredContent } from '@/features/subscription';
import { CreateTeamForm } from '@/features/teams';
import { modalClosed, type ModalName } from '@/app/ui-slice';

export const BLOCKED_CLOSE_TITLE = 'Action required';
export const BLOCKED_CLOSE_DESCRIPTION = 'You must complete this action before continuing.';

interface ModalDefinition {
  title: string;
  description: string;
  srOnlyTitle?: boolean;
  className?: string;
  render: (close: () => void) => ReactNode;
}

const MODALS: Record<ModalName, ModalDefinition> = {
  createTeamModal: {
    title: 'Create Team',
    description: 'Create a new team',
    render: (close) => <CreateTeamForm onCreated={close} />,
  },
  createProductContextModal: {
    title: 'Create Product Context',
    description: 'Create a new product context',
    srOnlyTitle: true,
    className: 'sm:max-w-xl',
    render: (close) => <CreateProductContextForm onSaved={close} />,
  },
  subscriptionRequiredModal: {
    title: 'Subscription required to make videos',
    description: "You're welcome to look around, but you'll need to subscribe to make videos.",
    className: 'sm:max-w-md',
    render: (close) => <SubscriptionRequiredContent close={close} />,
  },
};

/** One modal at a time, chosen by the name held in app state. */
export function ModalRoot() {
  const dispatch = useAppDispatch();
  const modal = useAppSelector((s) => s.ui.modal);
  const definition = modal.name ? MODALS[modal.name] : null;
  const close = () => dispatch(modalClosed());

  const onOpenChange = (open: boolean) => {
    if (open) return;
    if (!modal.isCloseable) {
      toast({ variant: 'destructive', title: modal.blockedTitle ?? BLOCKED_CLOSE_TITLE, description: modal.blockedDescription ?? BLOCKED_CLOSE_DESCRIPTION });
      return;
    }
    close();
  };

  return (
    <Dialog open={Boolean(definition) && modal.isOpen} onOpenChange={onOpenChange}>
      {definition && (
        <DialogContent className={definition.className}>
          <DialogHeader className={definition.srOnlyTitle ? 'sr-only' : undefined}>
            <DialogTitle>{definition.title}</DialogTitle>
            <DialogDescription>{definition.description}</DialogDescription>
          </DialogHeader>
          {definition.render(close)}
        </DialogContent>
      )}
    </Dialog>
  );
}
