import { CategoryList } from '../../common/CategoryList.tsx';

/** spec 3 §2 / spec 1 §2.3 /admin/faq/categories (title slug faq_categories): questions per category. */
export function FaqCategoryList() {
  return <CategoryList countSource="qty_questions" />;
}

export default FaqCategoryList;
