import { CategoryList } from '../../common/CategoryList.tsx';

/** spec 1 §2.3 /admin/library/categories: files per category; delete refused while files use it. */
export function LibraryCategoryList() {
  return <CategoryList countSource="qty_files" />;
}

export default LibraryCategoryList;
