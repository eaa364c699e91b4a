;; IDA*'s depth-first pass for the 15-puzzle over large packed pattern databases (7-8), in
;; WebAssembly: the same order d, l, r, u, the same cut of a child past the bound in its parent,
;; nodes counted at the same place as every other pass of the project, so that it finds the same
;; line. packed-search-wasm.ts runs it; scripts/build-wasm.ts assembles this text.
;;
;; A group's entry is found by its compact rank (packed-pattern-database.ts), computed afresh for
;; the one group a move changes: eight digits, each a cell less a popcount. Its value is the two
;; bits there. The estimate of a group is its halves' values (two small sparse tables, kept up
;; to date by one addition a move, as the 6-6-3 pass keeps its groups) plus twice that entry. The
;; board's estimate is the sum over the groups, and the same on the board mirrored about its main
;; diagonal; the larger of the two.
;;
;; Memory (one per set of databases: the tables laid out after the pass's own page):
;;     0  CELLS[16]      u8   the board: the tile on each cell (0 the blank)
;;    16  TARGETS[64]    i8   TARGETS[blank * 4 + move]: the cell the blank reaches, -1 off the board
;;    80  GROUP[16]      u8   each tile's group
;;    96  SLOT[16]       u8   each tile's place in its group
;;   112  HALF[16]       u8   each tile's half (group * 2 + 0 or 1)
;;   128  RTILE[16]      u8   the tile each tile becomes on the mirrored board
;;   144  RCELL[16]      u8   the cell each cell becomes on the mirrored board
;;   160  SIZE[4]        i32  each group's tiles (up to four groups)
;;   176  PACKED[4]      i32  each group's packed table's address
;;   192  GCELLS[32]     u8   GCELLS[g * 8 + k]: the cell of group g's k-th tile on the board
;;   224  RGCELLS[32]    u8   the same on the mirrored board
;;   256  HINDEX[8]      i32  each half's table address plus its placement's sparse index
;;   288  RHINDEX[8]     i32  the same on the mirrored board
;;   320  PV[4]          i32  each group's stored value on the board
;;   336  RPV[4]         i32  the same on the mirrored board
;;   384  DELTA[64]      i32  DELTA[tile * 4 + move]: the change of the tile's half index when the blank makes `move` into its cell
;;   640  RDELTA[64]     i32  the same on the mirrored board
;;   896  LINE[128]      u8   LINE[depth]: the move made at that depth
;; 65536  the tables
(module
  (import "budget" "timeUp" (func $timeUp (result i32)))
  (import "tables" "memory" (memory 1))
  (global $blank (export "blank") (mut i32) (i32.const 0))
  (global $sum (export "sum") (mut i32) (i32.const 0))
  (global $rsum (export "rsum") (mut i32) (i32.const 0))
  (global $nodes (export "nodes") (mut i64) (i64.const 0))
  (global $maxNodes (export "maxNodes") (mut i64) (i64.const 0))
  (global $depthFound (export "depthFound") (mut i32) (i32.const 0))

  ;; The rank of the placement at $at (a group's cells, $size of them), its $slot-th tile moved to $cell.
  (func $rank (param $at i32) (param $size i32) (param $slot i32) (param $cell i32) (result i32)
    (local $k i32) (local $used i32) (local $rank i32) (local $c i32)
    (loop $digits
      (local.set $c (select (local.get $cell) (i32.load8_u (i32.add (local.get $at) (local.get $k))) (i32.eq (local.get $k) (local.get $slot))))
      (local.set $rank (i32.sub
        (i32.add (i32.mul (local.get $rank) (i32.sub (i32.const 16) (local.get $k))) (local.get $c))
        (i32.popcnt (i32.and (local.get $used) (i32.sub (i32.shl (i32.const 1) (local.get $c)) (i32.const 1))))))
      (local.set $used (i32.or (local.get $used) (i32.shl (i32.const 1) (local.get $c))))
      (local.set $k (i32.add (local.get $k) (i32.const 1)))
      (br_if $digits (i32.lt_u (local.get $k) (local.get $size))))
    (local.get $rank))

  ;; Group $g's stored value at $rank: its two bits ($g times 4, a word's offset).
  (func $value (param $g i32) (param $rank i32) (result i32)
    (i32.and
      (i32.shr_u
        (i32.load8_u (i32.add (i32.load offset=176 (local.get $g)) (i32.shr_u (local.get $rank) (i32.const 2))))
        (i32.shl (i32.and (local.get $rank) (i32.const 3)) (i32.const 1)))
      (i32.const 3)))

  ;; FOUND -1; a pass that met no node past the bound returns EXHAUSTED (0x3fffffff); out of
  ;; nodes -2, out of time -3: each unwinds at once.
  (func $search (export "search") (param $depth i32) (param $bound i32) (param $undo i32) (result i32)
    (local $sum i32) (local $rsum i32) (local $f i32) (local $from i32) (local $next i32)
    (local $smallest i32) (local $move i32) (local $target i32) (local $tile i32) (local $result i32)
    (local $n i64) (local $k4 i32)
    (local $g i32) (local $slot i32) (local $h i32) (local $v i32) (local $hbefore i32) (local $hafter i32) (local $childSum i32) (local $pv i32)
    (local $rt i32) (local $rg i32) (local $rslot i32) (local $rh i32) (local $rfrom i32) (local $rv i32) (local $rhbefore i32) (local $rhafter i32) (local $childR i32) (local $rpv i32)
    (local.set $sum (global.get $sum))
    (local.set $rsum (global.get $rsum))
    (local.set $f (i32.add (local.get $depth)
      (select (local.get $sum) (local.get $rsum) (i32.gt_s (local.get $sum) (local.get $rsum)))))
    (if (i32.gt_s (local.get $f) (local.get $bound)) (then (return (local.get $f))))
    ;; every group and half at its goal: every tile home, so the blank is too
    (if (i32.eqz (local.get $sum)) (then
      (global.set $depthFound (local.get $depth))
      (return (i32.const -1))))
    ;; the node is expanded: counted, and the budget checked (the clock every 1,024 nodes)
    (local.set $n (i64.add (global.get $nodes) (i64.const 1)))
    (global.set $nodes (local.get $n))
    (if (i64.gt_s (local.get $n) (global.get $maxNodes)) (then (return (i32.const -2))))
    (if (i32.or (i64.eq (local.get $n) (i64.const 1)) (i64.eqz (i64.and (local.get $n) (i64.const 1023))))
      (then (if (call $timeUp) (then (return (i32.const -3))))))
    (local.set $from (global.get $blank))
    (local.set $rfrom (i32.load8_u offset=144 (local.get $from)))
    (local.set $next (i32.add (local.get $depth) (i32.const 1)))
    (local.set $smallest (i32.const 0x3fffffff))
    (local.set $move (i32.const 0))
    (loop $moves
      (local.set $target (i32.load8_s offset=16 (i32.add (i32.shl (local.get $from) (i32.const 2)) (local.get $move))))
      (if (i32.and (i32.ge_s (local.get $target) (i32.const 0)) (i32.ne (local.get $move) (local.get $undo))) (then
        (local.set $tile (i32.load8_u (local.get $target)))
        (local.set $k4 (i32.shl (i32.add (i32.shl (local.get $tile) (i32.const 2)) (local.get $move)) (i32.const 2)))
        ;; on the board: the tile's group entry ranked afresh, its half's index moved by its delta
        (local.set $g (i32.load8_u offset=80 (local.get $tile)))
        (local.set $slot (i32.load8_u offset=96 (local.get $tile)))
        (local.set $h (i32.shl (i32.load8_u offset=112 (local.get $tile)) (i32.const 2)))
        (local.set $v (call $value (i32.shl (local.get $g) (i32.const 2))
          (call $rank (i32.add (i32.const 192) (i32.shl (local.get $g) (i32.const 3))) (i32.load offset=160 (i32.shl (local.get $g) (i32.const 2))) (local.get $slot) (local.get $from))))
        (local.set $pv (i32.load offset=320 (i32.shl (local.get $g) (i32.const 2))))
        (local.set $hbefore (i32.load offset=256 (local.get $h)))
        (local.set $hafter (i32.add (local.get $hbefore) (i32.load offset=384 (local.get $k4))))
        (local.set $childSum (i32.add (local.get $sum) (i32.add
          (i32.shl (i32.sub (local.get $v) (local.get $pv)) (i32.const 1))
          (i32.sub (i32.load8_u (local.get $hafter)) (i32.load8_u (local.get $hbefore))))))
        ;; the same on the mirrored board, where the tile is another and moves from and to mirrored cells
        (local.set $rt (i32.load8_u offset=128 (local.get $tile)))
        (local.set $rg (i32.load8_u offset=80 (local.get $rt)))
        (local.set $rslot (i32.load8_u offset=96 (local.get $rt)))
        (local.set $rh (i32.shl (i32.load8_u offset=112 (local.get $rt)) (i32.const 2)))
        (local.set $rv (call $value (i32.shl (local.get $rg) (i32.const 2))
          (call $rank (i32.add (i32.const 224) (i32.shl (local.get $rg) (i32.const 3))) (i32.load offset=160 (i32.shl (local.get $rg) (i32.const 2))) (local.get $rslot) (local.get $rfrom))))
        (local.set $rpv (i32.load offset=336 (i32.shl (local.get $rg) (i32.const 2))))
        (local.set $rhbefore (i32.load offset=288 (local.get $rh)))
        (local.set $rhafter (i32.add (local.get $rhbefore) (i32.load offset=640 (local.get $k4))))
        (local.set $childR (i32.add (local.get $rsum) (i32.add
          (i32.shl (i32.sub (local.get $rv) (local.get $rpv)) (i32.const 1))
          (i32.sub (i32.load8_u (local.get $rhafter)) (i32.load8_u (local.get $rhbefore))))))
        ;; the child's f, as the child would find it on entering
        (local.set $result (i32.add (local.get $next)
          (select (local.get $childSum) (local.get $childR) (i32.gt_s (local.get $childSum) (local.get $childR)))))
        (if (i32.le_s (local.get $result) (local.get $bound)) (then
          (i32.store8 (local.get $from) (local.get $tile))
          (i32.store8 (local.get $target) (i32.const 0))
          (global.set $blank (local.get $target))
          (i32.store8 offset=192 (i32.add (i32.shl (local.get $g) (i32.const 3)) (local.get $slot)) (local.get $from))
          (i32.store8 offset=224 (i32.add (i32.shl (local.get $rg) (i32.const 3)) (local.get $rslot)) (local.get $rfrom))
          (i32.store offset=256 (local.get $h) (local.get $hafter))
          (i32.store offset=288 (local.get $rh) (local.get $rhafter))
          (i32.store offset=320 (i32.shl (local.get $g) (i32.const 2)) (local.get $v))
          (i32.store offset=336 (i32.shl (local.get $rg) (i32.const 2)) (local.get $rv))
          (global.set $sum (local.get $childSum))
          (global.set $rsum (local.get $childR))
          (i32.store8 offset=896 (local.get $depth) (local.get $move))
          ;; the reverse move (d <-> u, l <-> r) is never tried first from the child
          (local.set $result (call $search (local.get $next) (local.get $bound) (i32.sub (i32.const 3) (local.get $move))))
          ;; found, or out of budget: back up at once, the line left as it is
          (if (i32.lt_s (local.get $result) (i32.const 0)) (then (return (local.get $result))))
          (i32.store8 (local.get $target) (local.get $tile))
          (i32.store8 (local.get $from) (i32.const 0))
          (global.set $blank (local.get $from))
          (i32.store8 offset=192 (i32.add (i32.shl (local.get $g) (i32.const 3)) (local.get $slot)) (local.get $target))
          (i32.store8 offset=224 (i32.add (i32.shl (local.get $rg) (i32.const 3)) (local.get $rslot)) (i32.load8_u offset=144 (local.get $target)))
          (i32.store offset=256 (local.get $h) (local.get $hbefore))
          (i32.store offset=288 (local.get $rh) (local.get $rhbefore))
          (i32.store offset=320 (i32.shl (local.get $g) (i32.const 2)) (local.get $pv))
          (i32.store offset=336 (i32.shl (local.get $rg) (i32.const 2)) (local.get $rpv))))
        (if (i32.lt_s (local.get $result) (local.get $smallest)) (then (local.set $smallest (local.get $result))))))
      (local.set $move (i32.add (local.get $move) (i32.const 1)))
      (br_if $moves (i32.lt_u (local.get $move) (i32.const 4))))
    (global.set $sum (local.get $sum))
    (global.set $rsum (local.get $rsum))
    (local.get $smallest))
)
