;; IDA*'s depth-first pass for the 15-puzzle over additive pattern databases, in WebAssembly: the
;; very pass of pattern-search.ts (the same order d, l, r, u, the same cut of a child past the bound
;; in its parent, nodes counted at the same place), so that it expands the same nodes and finds the
;; same line. pattern-search-wasm.ts runs it; scripts/build-wasm.ts assembles this text into the
;; bytes it loads (pattern-search.wasm.ts).
;;
;; Why WebAssembly: the TypeScript pass runs at 1.8-2.0x the C reference, and the difference is in
;; the instructions V8 makes of it (a map check, three loads and a bounds check a typed-array read,
;; an overflow check a sum, the receiver checked again after every call). Here a read is one load,
;; bounds-checked by the memory's guard pages, and the state lives in locals and globals.
;;
;; Memory (one per set of databases: the tables laid out in it, else copied in once):
;;     0  CELLS[16]      u8   the board: the tile on each cell (0 the blank)
;;    16  TARGETS[64]    i8   TARGETS[blank * 4 + move]: the cell the blank reaches, -1 off the board
;;    80  GROUP[16]      u8   each tile's group
;;    96  RGROUP[16]     u8   each tile's group on the reflected board
;;   128  DELTA[64]      i32  DELTA[tile * 4 + move]: the change of the tile's group index
;;   384  RDELTA[64]     i32  the same on the reflected board
;;   640  INDEX[8]       i32  each group's table address plus its placement's index
;;   672  RINDEX[8]      i32  the same on the reflected board
;;   704  LINE[128]      u8   LINE[depth]: the move made at that depth
;; 65536  the tables, back to back
(module
  (import "budget" "timeUp" (func $timeUp (result i32)))
  ;; the tables' memory, made where they were laid out (wasm-memory.ts), or made and filled for them
  (import "tables" "memory" (memory 1))
  (global $blank (export "blank") (mut i32) (i32.const 0))
  (global $sum (export "sum") (mut i32) (i32.const 0))
  (global $rsum (export "rsum") (mut i32) (i32.const 0))
  (global $nodes (export "nodes") (mut i64) (i64.const 0))
  (global $maxNodes (export "maxNodes") (mut i64) (i64.const 0))
  (global $depthFound (export "depthFound") (mut i32) (i32.const 0))

  ;; FOUND -1; a pass that met no node past the bound returns EXHAUSTED (0x3fffffff); out of
  ;; nodes -2, out of time -3: each unwinds at once.
  (func $search (export "search") (param $depth i32) (param $bound i32) (param $undo i32) (result i32)
    (local $sum i32) (local $rsum i32) (local $f i32) (local $from i32) (local $next i32)
    (local $smallest i32) (local $move i32) (local $target i32) (local $tile i32) (local $g i32)
    (local $before i32) (local $after i32) (local $childSum i32) (local $r i32) (local $rbefore i32)
    (local $rafter i32) (local $childR i32) (local $result i32) (local $n i64) (local $k i32)
    (local.set $sum (global.get $sum))
    (local.set $rsum (global.get $rsum))
    (local.set $f (i32.add (local.get $depth)
      (select (local.get $sum) (local.get $rsum) (i32.gt_s (local.get $sum) (local.get $rsum)))))
    (if (i32.gt_s (local.get $f) (local.get $bound)) (then (return (local.get $f))))
    ;; every group home: every tile home, so the blank is too
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
    (local.set $next (i32.add (local.get $depth) (i32.const 1)))
    (local.set $smallest (i32.const 0x3fffffff))
    (local.set $move (i32.const 0))
    (loop $moves
      (local.set $target (i32.load8_s offset=16 (i32.add (i32.shl (local.get $from) (i32.const 2)) (local.get $move))))
      (if (i32.and (i32.ge_s (local.get $target) (i32.const 0)) (i32.ne (local.get $move) (local.get $undo))) (then
        (local.set $tile (i32.load8_u (local.get $target)))
        (local.set $k (i32.shl (i32.add (i32.shl (local.get $tile) (i32.const 2)) (local.get $move)) (i32.const 2)))
        (local.set $g (i32.shl (i32.load8_u offset=80 (local.get $tile)) (i32.const 2)))
        (local.set $before (i32.load offset=640 (local.get $g)))
        (local.set $after (i32.add (local.get $before) (i32.load offset=128 (local.get $k))))
        (local.set $childSum (i32.sub (i32.add (local.get $sum) (i32.load8_u (local.get $after))) (i32.load8_u (local.get $before))))
        (local.set $r (i32.shl (i32.load8_u offset=96 (local.get $tile)) (i32.const 2)))
        (local.set $rbefore (i32.load offset=672 (local.get $r)))
        (local.set $rafter (i32.add (local.get $rbefore) (i32.load offset=384 (local.get $k))))
        (local.set $childR (i32.sub (i32.add (local.get $rsum) (i32.load8_u (local.get $rafter))) (i32.load8_u (local.get $rbefore))))
        ;; the child's f, as the child would find it on entering
        (local.set $result (i32.add (local.get $next)
          (select (local.get $childSum) (local.get $childR) (i32.gt_s (local.get $childSum) (local.get $childR)))))
        (if (i32.le_s (local.get $result) (local.get $bound)) (then
          (i32.store8 (local.get $from) (local.get $tile))
          (i32.store8 (local.get $target) (i32.const 0))
          (global.set $blank (local.get $target))
          (i32.store offset=640 (local.get $g) (local.get $after))
          (i32.store offset=672 (local.get $r) (local.get $rafter))
          (global.set $sum (local.get $childSum))
          (global.set $rsum (local.get $childR))
          (i32.store8 offset=704 (local.get $depth) (local.get $move))
          ;; the reverse move (d <-> u, l <-> r) is never tried first from the child
          (local.set $result (call $search (local.get $next) (local.get $bound) (i32.sub (i32.const 3) (local.get $move))))
          ;; found, or out of budget: back up at once, the line left as it is
          (if (i32.lt_s (local.get $result) (i32.const 0)) (then (return (local.get $result))))
          (i32.store8 (local.get $target) (local.get $tile))
          (i32.store8 (local.get $from) (i32.const 0))
          (global.set $blank (local.get $from))
          (i32.store offset=640 (local.get $g) (local.get $before))
          (i32.store offset=672 (local.get $r) (local.get $rbefore))))
        (if (i32.lt_s (local.get $result) (local.get $smallest)) (then (local.set $smallest (local.get $result))))))
      (local.set $move (i32.add (local.get $move) (i32.const 1)))
      (br_if $moves (i32.lt_u (local.get $move) (i32.const 4))))
    (global.set $sum (local.get $sum))
    (global.set $rsum (local.get $rsum))
    (local.get $smallest))
)
