import { CATEGORY_LABELS, isLowStock, type Category } from '@pitstop/core/catalogue';
import { formatDollars } from '@pitstop/core/money';
import type { Part } from '@pitstop/core/parts';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button-styles';
import { cellClass, ColumnHead, TableBox } from '@/components/ui/table';
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
  return (
    <TableBox
      caption="Catalogue"
      minWidth="min-w-[60rem]"
      head={
        <>
          <ColumnHead>Part</ColumnHead>
          <ColumnHead>Brand</ColumnHead>
          <ColumnHead>Category</ColumnHead>
          <ColumnHead align="right">Price</ColumnHead>
          <ColumnHead align="right">Stock</ColumnHead>
          <ColumnHead align="right">Available</ColumnHead>
          <ColumnHead align="right">Min order</ColumnHead>
          <ColumnHead>Actions</ColumnHead>
        </>
      }
    >
      {parts.map((part) => (
        <tr key={part._id}>
          <td className={cellClass}>
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
                <span className="block text-xs text-slate-600">{part.partNumber}</span>
              </span>
            </span>
          </td>
          <td className={cellClass}>{part.brand}</td>
          <td className={cellClass}>{categoryLabel(part.category)}</td>
          <td className={`${cellClass} whitespace-nowrap text-right tabular-nums`}>
            {formatDollars(part.price)}
          </td>
          <td className={`${cellClass} text-right tabular-nums`}>{part.stock}</td>
          <td className={`${cellClass} text-right tabular-nums`}>
            <span className={isLowStock(part) ? 'font-semibold text-red-700' : ''}>
              {part.availablequantity}
              {isLowStock(part) ? <span className="block text-xs font-medium">Low stock</span> : null}
            </span>
          </td>
          <td className={`${cellClass} text-right tabular-nums`}>{part.minquantity}</td>
          <td className={cellClass}>
            <div className="flex flex-wrap gap-2">
              <Link
                to={editHref(part._id)}
                aria-label={`Edit ${part.name}`}
                className={buttonStyles('secondary', 'sm')}
              >
                Edit
              </Link>
              <button
                type="button"
                aria-label={`Delete ${part.name}`}
                className={buttonStyles('secondary', 'sm', 'text-red-700')}
                onClick={() => onDelete(part)}
              >
                Delete
              </button>
            </div>
          </td>
        </tr>
      ))}
    </TableBox>
  );
}
