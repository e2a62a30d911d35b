// What admins learn from use (search misses, down-rated answers, unanswered questions, most read).
export { createInsightsService, type InsightsDTO, type InsightsService, type ReadingSummaryDTO, type WindowCounts } from './service';
