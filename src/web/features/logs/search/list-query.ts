import { toFilterQuery } from '../../../../common/logs/filter-query';
import type { ListState } from '../../../../common/logs/list-search';
import { logPageQuerySchema, PAGE_SIZE, type LogPageQuery } from '../../../../common/logs/schemas';

/** The API query of one page of the list: its search, filters and page. */
export const toPageQuery = (state: ListState): LogPageQuery =>
  logPageQuerySchema.parse({ ...toFilterQuery(state), page: state.page, pageSize: PAGE_SIZE });
