import { brandsTexts, type Brand } from '@pitstop/core/brands';
import { formatCount } from '@pitstop/core/search';
import { ResponsiveTable, RowActions, type Column } from '@/components/ui/responsive-table';

interface BrandsTableProps {
  brands: readonly Brand[];
  /** The brand a delete is under way for. */
  deletingId: string | null;
  onEdit: (brand: Brand) => void;
  onDelete: (brand: Brand) => void;
}

/** The brands: logo, name, kind, featured and part count, with Edit and Delete on each. */
export function BrandsTable({ brands, deletingId, onEdit, onDelete }: BrandsTableProps) {
  const columns: Column<Brand>[] = [
    {
      header: brandsTexts.name,
      title: true,
      cell: (brand) => (
        <span className="flex items-center gap-3">
          {brand.logo ? (
            <img
              src={brand.logo}
              alt={brandsTexts.logoAlt(brand.name)}
              width={40}
              height={40}
              loading="lazy"
              className="size-10 shrink-0 rounded border border-slate-200 bg-white object-contain"
            />
          ) : (
            <span
              aria-hidden="true"
              className="flex size-10 shrink-0 items-center justify-center rounded border border-dashed border-slate-300 text-xs text-slate-500"
            >
              —
            </span>
          )}
          <span className="font-medium break-words">{brand.name}</span>
        </span>
      ),
    },
    { header: brandsTexts.kind, cell: (brand) => brandsTexts.kindNames[brand.kind] },
    { header: brandsTexts.featured, cell: (brand) => (brand.featured ? brandsTexts.yes : brandsTexts.no) },
    { header: brandsTexts.parts, align: 'right', cell: (brand) => formatCount(brand.partCount) },
    {
      header: brandsTexts.actions,
      actions: true,
      cell: (brand) => (
        <RowActions
          actions={[
            {
              label: brandsTexts.editButton,
              name: brandsTexts.edit(brand.name),
              onClick: () => onEdit(brand),
            },
            {
              label: deletingId === brand._id ? brandsTexts.deleting : brandsTexts.delete,
              name: brandsTexts.deleteLabel(brand.name),
              danger: true,
              disabled: deletingId === brand._id,
              onClick: () => onDelete(brand),
            },
          ]}
        />
      ),
    },
  ];
  return (
    <ResponsiveTable
      caption={brandsTexts.heading}
      rows={brands}
      rowKey={(brand) => brand._id}
      columns={columns}
    />
  );
}
