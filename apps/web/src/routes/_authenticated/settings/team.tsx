import { createFileRoute } from '@tanstack/react-router';
import { TeamManagement } from '@/features/teams/team-management';

export const Route = createFileRoute('/_authenticated/settings/team')({ component: TeamManagement });
