"""A tree model whose children are made only when a view asks for them.

Subclasses give the column headers, say how to make a node's children
(:meth:`LazyTreeModel.make_children`) and whether a node is a leaf, and provide ``data``. A
node is any object with ``parent``, ``row`` and ``children`` (None until fetched) attributes.

:func:`show_model` puts a new model in a view and lets the old one go: the inspector makes a
model for each suit and deal it shows, with the evaluator or solver (and their memos) it reads.
"""

from __future__ import annotations

from typing import Any, Generic, Protocol, TypeVar

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtWidgets import QAbstractItemView

Index = QModelIndex | QPersistentModelIndex

#: The role under which both tree models give a row's node.
NodeRole = Qt.ItemDataRole.UserRole + 1


def show_model(view: QAbstractItemView, model: QAbstractItemModel) -> None:
    """Show ``model`` in ``view`` and let the model it showed before go. A model made with a
    parent stays the parent's child after the view drops it — with all it holds: a play tree's
    solver and evaluator, some 5 MB for (27), and so on for every deal and suit shown in a
    session (issue 25: 1.27 GB after twelve minutes). The old model is given back to Python,
    which frees it with its last reference (and Qt then its selection model, which follows the
    model's ``destroyed``); whoever still holds it may still read it."""
    old = view.model()
    view.setModel(model)
    # QObject's parent: an item model's parent() is also the parent of an index
    if old is not None and old is not model and QObject.parent(old) is not None:
        old.setParent(None)


class TreeNode(Protocol):
    parent: Any
    row: int
    children: list[Any] | None


N = TypeVar("N", bound=TreeNode)


def path_from_root(node: N) -> list[N]:
    """The nodes from the root down to ``node``, both included."""
    out: list[N] = []
    at: N | None = node
    while at is not None:
        out.append(at)
        at = at.parent
    return out[::-1]


class LazyTreeModel(QAbstractItemModel, Generic[N]):
    """One root, children fetched on demand (``canFetchMore`` / ``fetchMore``)."""

    HEADERS: tuple[str, ...] = ()
    #: Also on the class: a view may ask for the header while the model's Python half is
    #: being torn down (seen under pytest --exhaustive: AttributeError '_root' in headerData).
    _root: Any = None

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._root: N | None = None

    # -- to provide -----------------------------------------------------------------------
    def make_children(self, node: N) -> list[N]:
        raise NotImplementedError

    def is_leaf(self, node: N) -> bool:
        raise NotImplementedError

    # -- nodes and indexes ----------------------------------------------------------------
    @property
    def root(self) -> N | None:
        return self._root

    def set_root(self, root: N | None) -> None:
        self.beginResetModel()
        self._root = root
        self.endResetModel()

    def node(self, index: Index) -> N | None:
        if not index.isValid():
            return None
        return index.internalPointer()  # type: ignore[no-any-return]

    def index_of(self, node: N, column: int = 0) -> QModelIndex:
        if node.parent is None:
            return self.index(0, column, QModelIndex())
        return self.createIndex(node.row, column, node)

    def ensure_children(self, node: N) -> list[N]:
        """Fetch ``node``'s children if not yet fetched (for navigation by code)."""
        if node.children is None:
            self.fetchMore(self.index_of(node))
        return node.children or []

    # -- QAbstractItemModel ---------------------------------------------------------------
    def index(self, row: int, column: int, parent: Index = QModelIndex()) -> QModelIndex:  # noqa: B008
        if column < 0 or column >= len(self.HEADERS) or row < 0:
            return QModelIndex()
        if not parent.isValid():
            if self._root is None or row != 0:
                return QModelIndex()
            return self.createIndex(0, column, self._root)
        p = self.node(parent)
        if p is None or p.children is None or row >= len(p.children):
            return QModelIndex()
        return self.createIndex(row, column, p.children[row])

    def parent(self, index: Index = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008
        n = self.node(index)
        if n is None or n.parent is None:
            return QModelIndex()
        return self.createIndex(n.parent.row, 0, n.parent)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        if parent.column() > 0:
            return 0
        if not parent.isValid():
            return 0 if self._root is None else 1
        n = self.node(parent)
        return 0 if n is None or n.children is None else len(n.children)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return len(self.HEADERS)

    def hasChildren(self, parent: Index = QModelIndex()) -> bool:  # noqa: B008
        if not parent.isValid():
            return self._root is not None
        if parent.column() > 0:
            return False
        n = self.node(parent)
        return n is not None and not self.is_leaf(n)

    def canFetchMore(self, parent: Index) -> bool:
        n = self.node(parent)
        return n is not None and n.children is None and not self.is_leaf(n)

    def fetchMore(self, parent: Index) -> None:
        n = self.node(parent)
        if n is None or n.children is not None:
            return
        children = self.make_children(n)
        if not children:
            n.children = []
            return
        self.beginInsertRows(parent, 0, len(children) - 1)
        n.children = children
        self.endInsertRows()

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self.HEADERS[section]
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
