import { CategoryList } from '../../common/CategoryList.tsx';
import { useTrailAccess } from '../../common/trailAccess/useTrailAccess.ts';

/** spec 2 §2.4 / spec 1 §2.3 /admin/trail/categories: editing needs trails_manage. */
export function TrailCategoryList() {
  const { canManage } = useTrailAccess();
  return <CategoryList countSource="qty_trails" canManage={canManage} />;
}

export default TrailCategoryList;
