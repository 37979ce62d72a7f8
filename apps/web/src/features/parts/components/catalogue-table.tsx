import { CATEGORY_LABELS, isLowStock, type Category } from '@pitstop/core/catalogue';
import { formatDollars } from '@pitstop/core/money';
import type { Part } from '@pitstop/core/parts';
import { ResponsiveTable, RowActions, type Column } from '@/components/ui/responsive-table';
import { imageSources } from '@/lib/responsive-image';

function categoryLabel(category: string): string {
  return CATEGORY_LABELS[category as Category] ?? category;
}

interface CatalogueTableProps {
  parts: Part[];
  editHref: (id: string) => string;
  onDelete: (part: Part) => void;
}

/** The admin's catalogue: every part with its stock figures, Edit and Delete. */
export function CatalogueTable({ parts, editHref, onDelete }: CatalogueTableProps) {
  const columns: Column<Part>[] = [
    {
      header: 'Part',
      title: true,
      cell: (part) => (
        <span className="flex items-center gap-3">
          <img
            {...imageSources(part.img, 'thumb')}
            alt=""
            loading="lazy"
            decoding="async"
            className="size-12 shrink-0 rounded-lg border border-slate-200 bg-slate-50 object-contain"
          />
          <span>
            <span className="block font-medium">{part.name}</span>
            <span className="block text-xs font-normal text-slate-600">{part.partNumber}</span>
          </span>
        </span>
      ),
    },
    { header: 'Brand', cell: (part) => part.brand },
    { header: 'Category', cell: (part) => categoryLabel(part.category) },
    {
      header: 'Price',
      align: 'right',
      className: 'whitespace-nowrap',
      cell: (part) => formatDollars(part.price),
    },
    { header: 'Stock', align: 'right', cell: (part) => part.stock },
    {
      header: 'Available',
      align: 'right',
      cell: (part) => (
        <span className={isLowStock(part) ? 'font-semibold text-red-700' : ''}>
          {part.availablequantity}
          {isLowStock(part) ? <span className="block text-xs font-medium">Low stock</span> : null}
        </span>
      ),
    },
    { header: 'Min order', align: 'right', cell: (part) => part.minquantity },
    {
      header: 'Actions',
      actions: true,
      cell: (part) => (
        <RowActions
          actions={[
            { label: 'Edit', name: `Edit ${part.name}`, to: editHref(part._id) },
            { label: 'Delete', name: `Delete ${part.name}`, danger: true, onClick: () => onDelete(part) },
          ]}
        />
      ),
    },
  ];
  return <ResponsiveTable caption="Catalogue" rows={parts} rowKey={(part) => part._id} columns={columns} />;
}
