export { InsightsPage, insightsSearchSchema } from './insights-page';
